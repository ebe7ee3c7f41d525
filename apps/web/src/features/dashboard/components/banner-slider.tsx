import { useEffect, useId, useState } from 'react';
import { ActionIcon, Button, Skeleton, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { bannerTextIn } from '@portal/contract';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useDashboardSlider } from '../api/dashboard';
import classes from './banner-slider.module.css';

/**
 * The dashboard slider (WAI-ARIA carousel pattern): previous and next buttons, one dot per slide,
 * a pause button. It advances on its own unless paused, hovered, focused or the visitor prefers
 * reduced motion; texts are in the route's language, falling back to English.
 */
export function BannerSlider() {
  const { t } = useTranslation();
  const locale = useLocale();
  const slider = useDashboardSlider();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const id = useId();

  const banners = slider.data?.banners ?? [];
  const count = banners.length;
  const current = count ? index % count : 0;
  const rotating = count > 1 && !paused && !reducedMotion;
  const moving = rotating && !hovered && !focused;
  const intervalMs = (slider.data?.interval_seconds ?? 7) * 1000;

  useEffect(() => {
    if (!moving) return undefined;
    const timer = window.setTimeout(() => setIndex((value) => (value + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [moving, count, intervalMs, current]);

  if (slider.isPending) return <SliderPlaceholder />;
  if (count === 0) return null;
  const go = (to: number) => setIndex((to + count) % count);

  return (
    <section
      className={classes.slider}
      aria-roledescription={t('dashboard.slider.carousel')}
      aria-label={t('dashboard.slider.label')}
      data-slider
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div id={`${id}-slides`} className={classes.slides} aria-live={rotating ? 'off' : 'polite'}>
        {banners.map((banner, position) => {
          const text = bannerTextIn(banner, locale);
          return (
            <div
              key={banner.id}
              className={classes.slide}
              role="group"
              aria-roledescription={t('dashboard.slider.slide')}
              aria-label={t('dashboard.slider.position', {
                index: String(position + 1),
                count: String(count),
              })}
              hidden={position !== current}
              data-slide={banner.id}
            >
              <div className={classes.text}>
                <Title order={2} size="h3" c="brand.9" mb="xs">
                  {text.title}
                </Title>
                <Text c="gray.8" mb="md">
                  {text.text}
                </Text>
                <Button component={LocaleLink} to={banner.link}>
                  {text.cta}
                </Button>
              </div>
              <img className={classes.picture} src={banner.image} alt="" width={800} height={400} />
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className={classes.controls}>
          <ActionIcon
            variant="subtle"
            aria-label={paused ? t('dashboard.slider.play') : t('dashboard.slider.pause')}
            onClick={() => setPaused((value) => !value)}
            hidden={!!reducedMotion}
          >
            {paused ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('dashboard.slider.previous')}
            aria-controls={`${id}-slides`}
            onClick={() => go(current - 1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          {banners.map((banner, position) => (
            <button
              key={banner.id}
              type="button"
              className={classes.dot}
              aria-label={t('dashboard.slider.show', {
                index: String(position + 1),
                title: bannerTextIn(banner, locale).title,
              })}
              aria-current={position === current}
              aria-controls={`${id}-slides`}
              onClick={() => go(position)}
            />
          ))}
          <ActionIcon
            variant="subtle"
            aria-label={t('dashboard.slider.next')}
            aria-controls={`${id}-slides`}
            onClick={() => go(current + 1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </div>
      )}
    </section>
  );
}

/**
 * Holds the slider's place while its banners load, laid out as a slide (picture, title, text,
 * button) so the page below does not move when they arrive.
 */
function SliderPlaceholder() {
  return (
    <div className={classes.slider} aria-hidden data-slider-placeholder>
      <div className={classes.slide}>
        <div className={classes.text}>
          <Skeleton height={22} width="80%" mb={8} />
          <Skeleton height={22} width="50%" mb={18} className={classes.narrowOnly} />
          {[100, 95, 90, 60].map((width, line) => (
            <Skeleton
              key={width}
              height={16}
              width={`${width}%`}
              mb={9}
              className={line === 3 ? classes.narrowOnly : undefined}
            />
          ))}
          <Skeleton height={36} width={140} mt={16} radius="sm" />
        </div>
        <Skeleton className={classes.placeholderPicture} radius={0} />
      </div>
    </div>
  );
}
