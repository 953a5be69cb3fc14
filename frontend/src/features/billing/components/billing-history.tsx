import { useMemo } from 'react';

import { useSubscriptionHistory } from '#frontend/features/billing/api/billing-api.ts';
import { BillingCard, Notice } from '#frontend/features/billing/components/billing-card.tsx';
import { BILLING_TEXTS, historyRows } from '#frontend/features/billing/lib/billing-view.ts';

const cellClasses = 'px-1.5 py-2.5 align-top first:pl-0 last:pr-0 sm:px-3';
const leftCell = `${cellClasses} text-left`;

/**
 * Billing History: every payment of the host's plans, newest first, in a table with Date,
 * Description, Amount and Status; 'No billing history available' when there is none. The table fits a 375 px screen:
 * descriptions and statuses wrap, dates and amounts do not.
 */
export function BillingHistory() {
  const history = useSubscriptionHistory({ enabled: true });
  const rows = useMemo(() => (history.data ? historyRows(history.data) : []), [history.data]);

  return (
    <BillingCard id="billing-history" title="Billing History">
      {history.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Loading billing history...
        </p>
      ) : history.isError ? (
        <Notice tone="error" role="alert">
          {BILLING_TEXTS.historyFailed}
        </Notice>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{BILLING_TEXTS.historyEmpty}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Your payments, newest first</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <th scope="col" className={`${leftCell} font-medium`}>
                Date
              </th>
              <th scope="col" className={`${leftCell} font-medium`}>
                Description
              </th>
              <th scope="col" className={`${cellClasses} text-right font-medium`}>
                Amount
              </th>
              <th scope="col" className={`${leftCell} font-medium`}>
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className="border-b border-slate-100 text-slate-800 last:border-0 dark:border-slate-800 dark:text-slate-200"
              >
                <td className={`${leftCell} whitespace-nowrap`}>
                  <time dateTime={row.createdAt}>{row.date}</time>
                </td>
                <td className={`${leftCell} break-words`}>{row.description}</td>
                <td className={`${cellClasses} text-right whitespace-nowrap tabular-nums`}>{row.amount}</td>
                <td className={leftCell}>{row.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </BillingCard>
  );
}
