/**
 * What the repair selection shows while the visitor ticks problems (spec §4: selecting a screen
 * replacement removes battery replacement when the model needs a battery for a screen repair, and
 * a free battery line appears). The engine applies the same rule when it saves the selection; this
 * mirrors it so the page can show it before saving.
 */
export const SCREEN_REPLACEMENT = "screen-replacement";
export const BATTERY_REPLACEMENT = "battery-replacement";
export const BACK_GLASS_REPLACEMENT = "back-glass-replacement";
export const FRAME_REPLACEMENT = "frame-replacement";

export interface SelectableProblem {
  id: number;
  code: string;
  price: number;
}

export interface SelectionView {
  /** Selected ids once the rule is applied. */
  selected: number[];
  /** Problems that cannot be chosen with this selection (shown disabled). */
  restricted: number[];
  /** The battery replacement that comes free, with its usual price; null when there is none. */
  freeBattery: { id: number; usualPrice: number } | null;
}

export function selectionView(problems: SelectableProblem[], selectedIds: number[], batteryRequiredForScreenRepair: boolean, restrictedByServer: number[] = []): SelectionView {
  const screenChosen = problems.some((p) => p.code === SCREEN_REPLACEMENT && selectedIds.includes(p.id));
  const battery = problems.find((p) => p.code === BATTERY_REPLACEMENT);
  const batteryFree = batteryRequiredForScreenRepair && screenChosen && battery !== undefined;
  const restricted = new Set(restrictedByServer.filter((id) => batteryFree || id !== battery?.id));
  if (batteryFree) restricted.add(battery.id);
  const selected = problems.filter((p) => selectedIds.includes(p.id) && !restricted.has(p.id)).map((p) => p.id);
  return { selected, restricted: [...restricted], freeBattery: batteryFree ? { id: battery.id, usualPrice: battery.price } : null };
}

/** The problem ids after answering the damage questions (spec §2 confirm-damage: back glass and frame). */
export function applyDamageAnswers(problems: { id: number; code: string }[], selectedIds: number[], answers: { backGlass?: boolean | null; frame?: boolean | null }): number[] {
  const result = new Set(selectedIds);
  const toggle = (code: string, answer: boolean | null | undefined) => {
    const problem = problems.find((p) => p.code === code);
    if (!problem || answer === null || answer === undefined) return;
    if (answer) result.add(problem.id);
    else result.delete(problem.id);
  };
  toggle(BACK_GLASS_REPLACEMENT, answers.backGlass);
  toggle(FRAME_REPLACEMENT, answers.frame);
  return problems.filter((p) => result.has(p.id)).map((p) => p.id);
}
