/**
 * The insurer's acceptance clock (Lei 15.040/2024, art. 49): from the moment a proposal reaches
 * analysis (status 2) the insurer has 25 days to accept or refuse it; the clock does not run while
 * the proposal waits for the broker (status 6) and stops at the decision.
 */
export const ACCEPTANCE_DEADLINE_DAYS = 25;

const DAY_MS = 86_400_000;

export type AcceptanceClockInput = {
  /** When the proposal first reached status 2 (null: not sent yet). */
  startedAt: Date | string | null;
  /** Milliseconds already spent waiting for the broker (closed pauses). */
  pausedMs: number;
  /** Start of the pause in course (status 6), or null. */
  pausedSince: Date | string | null;
  /** When the insurer decided (the clock stopped), or null. */
  stoppedAt?: Date | string | null;
  now: Date;
  deadlineDays?: number;
};

export type AcceptanceClock = {
  Started: boolean;
  StartedAt: string | null;
  DeadlineDays: number;
  /** Whole days counted so far (pauses excluded). */
  ElapsedDays: number;
  /** Days left to decide (0 when overdue). */
  DaysLeft: number;
  IsPaused: boolean;
  IsStopped: boolean;
  IsOverdue: boolean;
  /** When the deadline falls if nothing pauses it again (ISO date-time; null when not started). */
  DueAt: string | null;
};

const ms = (v: Date | string) => (v instanceof Date ? v : new Date(v)).getTime();

export const acceptanceClock = (input: AcceptanceClockInput): AcceptanceClock => {
  const deadline = input.deadlineDays ?? ACCEPTANCE_DEADLINE_DAYS;
  if (!input.startedAt) {
    return {
      Started: false,
      StartedAt: null,
      DeadlineDays: deadline,
      ElapsedDays: 0,
      DaysLeft: deadline,
      IsPaused: false,
      IsStopped: false,
      IsOverdue: false,
      DueAt: null,
    };
  }
  const start = ms(input.startedAt);
  const end = input.stoppedAt ? ms(input.stoppedAt) : input.now.getTime();
  const open = input.pausedSince ? Math.max(0, end - ms(input.pausedSince)) : 0;
  const counted = Math.max(0, end - start - input.pausedMs - open);
  const elapsed = Math.floor(counted / DAY_MS);
  const remainingMs = deadline * DAY_MS - counted;
  return {
    Started: true,
    StartedAt: new Date(start).toISOString(),
    DeadlineDays: deadline,
    ElapsedDays: elapsed,
    DaysLeft: Math.max(0, deadline - elapsed),
    IsPaused: input.pausedSince !== null && !input.stoppedAt,
    IsStopped: Boolean(input.stoppedAt),
    IsOverdue: remainingMs <= 0,
    DueAt: new Date(end + remainingMs).toISOString(),
  };
};
