import { Link, type LinkProps } from 'react-router';
import { useLocalizePath } from '../locale/use-locale';

/** A router link whose app path (`/sign-in`) gets the current locale prefix. */
export function LocaleLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const localize = useLocalizePath();
  return <Link to={localize(to)} {...props} />;
}
