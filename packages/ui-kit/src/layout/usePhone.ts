// By its own path, not from the shared antd: the frame's first page uses it (frame.ts).
import Grid from 'antd/es/grid';

/**
 * Whether the screen is a phone's: narrower than antd's `md` breakpoint (768 px). Every screen that lays itself out
 * differently there asks this one question (the frame's drawer, a list's folded filters).
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}
