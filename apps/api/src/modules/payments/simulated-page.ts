import type { Locale, PaymentMethod } from '@portal/contract';
import { t } from '../../platform/i18n';
import { escapeHtml } from '../../platform/mail/templates';
import { formatEuros } from '../../platform/money';
import type { SimulatedPaymentRow } from '../../platform/payments/simulated';

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#1f2933}
main{max-width:480px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:24px 0}
dt{font-weight:600}dd{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:12px}
button,a.button{font:inherit;font-weight:600;padding:12px 20px;border-radius:6px;border:2px solid transparent;cursor:pointer;text-decoration:none}
button:focus-visible,a.button:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
.pay{background:#237032;color:#fff}.fail{background:#c92a2a;color:#fff}
.cancel{background:#fff;color:#1f2933;border-color:#495057}
a.button{display:inline-block;background:#1864ab;color:#fff}
`;

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The simulated provider's hosted page: the payment and three buttons (pay, fail, cancel). */
export function simulatedPaymentPage(locale: Locale, payment: SimulatedPaymentRow): string {
  const title = t(locale, 'payment.page_title');
  const details = `<dl>
<dt>${escapeHtml(t(locale, 'payment.description'))}</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>${escapeHtml(t(locale, 'payment.amount'))}</dt><dd>${escapeHtml(formatEuros(payment.amountCents, locale))}</dd>
<dt>${escapeHtml(t(locale, 'payment.method'))}</dt><dd>${escapeHtml(methodLabel(locale, payment.method))}</dd>
</dl>`;
  if (payment.status !== 'open') {
    return page(
      locale,
      title,
      `<p>${escapeHtml(t(locale, `payment.status_${payment.status}` as 'payment.status_paid'))}</p>
${details}
<p><a class="button" href="${escapeHtml(payment.redirectUrl)}">${escapeHtml(t(locale, 'payment.back'))}</a></p>`,
    );
  }
  return page(
    locale,
    title,
    `<p>${escapeHtml(t(locale, 'payment.intro'))}</p>
${details}
<form method="post" action="/api/payments/simulated/${escapeHtml(payment.id)}" class="actions">
<button type="submit" name="outcome" value="paid" class="pay">${escapeHtml(t(locale, 'payment.pay'))}</button>
<button type="submit" name="outcome" value="failed" class="fail">${escapeHtml(t(locale, 'payment.fail'))}</button>
<button type="submit" name="outcome" value="canceled" class="cancel">${escapeHtml(t(locale, 'payment.cancel'))}</button>
</form>`,
  );
}

/** The page for a payment id the simulated provider does not know. */
export function unknownPaymentPage(locale: Locale): string {
  return page(
    locale,
    t(locale, 'payment.page_title'),
    `<p>${escapeHtml(t(locale, 'payment.not_found'))}</p>`,
  );
}

function methodLabel(locale: Locale, method: string): string {
  return t(locale, `payment.methods.${method as PaymentMethod}` as 'payment.methods.creditcard');
}
