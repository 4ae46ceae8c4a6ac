import { useTranslation } from "react-i18next";
import type { OrderHistoryEntry, OrderView } from "~/booking.server";
import { historyActor, historyChange } from "~/journeys/store/order-history";
import { StaffTable } from "./staff-table";

/** The desk's order history (ADR 247): the order's state from it, then every change with who made it. */
export function OrderHistory({
  state,
  history,
  money,
  when,
}: {
  state: OrderView["state"];
  history: OrderHistoryEntry[];
  money: (minor: number) => string;
  when: (instant: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="mt-8" data-testid="service-history">
      <h2 className="text-xl font-bold">{t("store.service.history.title")}</h2>
      <p className="mt-2 font-semibold" data-testid="service-order-state" data-state={state}>
        {t("store.service.history.state", { state: t(`store.service.history.states.${state}`) })}
      </p>
      <StaffTable
        testId="service-history-list"
        className="mt-3"
        headings={["when", "by", "change"].map((c) => t(`store.service.history.columns.${c}`))}
        rows={history.map((entry, index) => {
          const by = historyActor(entry);
          const change = historyChange(entry, money);
          return {
            key: index,
            cells: [
              when(entry.at),
              <span key="by" data-testid="service-history-by" data-actor={entry.actor.type}>
                {t(by.key, by.values)}
              </span>,
              <span key="change" data-testid="service-history-change" data-kind={entry.kind}>
                {t(change.key, change.values)}
              </span>,
            ],
          };
        })}
      />
    </section>
  );
}
