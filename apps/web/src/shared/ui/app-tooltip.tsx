import { limits } from '@aval/contracts';
import { Tooltip, type TooltipProps } from '@mantine/core';

/** Tooltip of the kit: top, 4 px offset (spec §9). */
export const AppTooltip = (props: TooltipProps) => (
  <Tooltip position={limits.tooltipPosition} offset={limits.tooltipOffsetPx} withArrow {...props} />
);
