import { Grid } from 'antd';

/**
 * Below antd's `below` breakpoint (sm: 576 px, a phone; md: 768 px): the quiz tables keep their
 * essential columns there and show the rest in the first cell, rather than scroll sideways with
 * the score or the actions out of sight.
 */
export function useNarrowScreen(below: 'sm' | 'md' = 'sm'): boolean {
  return Grid.useBreakpoint()[below] === false;
}
