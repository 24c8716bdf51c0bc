/**
 * The antd components of the signed-in frame and the dashboard, imported by their own paths rather than from the
 * shared `antd`. Consuming the shared `antd` would load all of it — the union of the components every app uses,
 * tree-shaken (packages/build-config/shared.js) — before the first page renders. These are the same modules of the
 * same build as the shell's shared `antd`, which the remotes use: one copy of each (the ConfigProvider's context
 * among them), whichever way it was reached. The shell's other pages, loaded on demand, import from `antd`.
 * Not here, being loaded when shown: the phone's menu drawer (layout/MainLayout.tsx) and the status pages' Result
 * (ui-kit's StatusResult). Not here at all: Card, Typography, Progress and Avatar, whose first-page uses `light.tsx`
 * draws (they would bring some 25 KB the first page does not use).
 */
export { default as Alert } from 'antd/es/alert';
export { default as App } from 'antd/es/app';
export { default as Badge } from 'antd/es/badge';
export { default as Button } from 'antd/es/button';
export { default as Col } from 'antd/es/col';
export { default as ConfigProvider } from 'antd/es/config-provider';
export { default as Dropdown } from 'antd/es/dropdown';
export { default as Empty } from 'antd/es/empty';
export { default as Flex } from 'antd/es/flex';
export { default as Input } from 'antd/es/input';
export { default as Layout } from 'antd/es/layout';
export { default as Menu } from 'antd/es/menu';
export { default as Popover } from 'antd/es/popover';
export { default as Row } from 'antd/es/row';
export { default as Segmented } from 'antd/es/segmented';
export { default as Skeleton } from 'antd/es/skeleton';
export { default as Space } from 'antd/es/space';
export { default as Spin } from 'antd/es/spin';
export { default as Statistic } from 'antd/es/statistic';
export { default as Tag } from 'antd/es/tag';
export { default as theme } from 'antd/es/theme';
export { default as Tooltip } from 'antd/es/tooltip';
