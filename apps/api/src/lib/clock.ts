import { todayInBrazil } from '@aval/domain';
import { currentTime } from '@aval/transport/clock';

export { atInstant, currentTime } from '@aval/transport/clock';

/** Brasília's day at `currentTime()`: the business day the system acts on. */
export const currentDay = () => todayInBrazil(currentTime());
