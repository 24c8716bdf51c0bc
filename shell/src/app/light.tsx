/**
 * Light stand-ins for four antd components on the first page (the signed-in frame and the dashboard), drawn with the
 * theme's own tokens so that they look as antd's do, light and dark. antd's Card brings its Tabs (a card may carry
 * tabs), Typography its editing, copying and measured-ellipsis machinery, Progress its circle and steps, Avatar its images and
 * groups: about 27 KB of gzip the first page never uses (the first page stays within 400 KB). The pages loaded later, and the remotes, use antd's own.
 */
import type { CSSProperties, ReactNode } from 'react';
import { theme } from './antd';

/** A titled panel, as antd's Card with a title (and `extra` at the right of the title). */
export function Panel({
  title,
  extra,
  children,
  style,
  ...rest
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  return (
    <section
      {...rest}
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        ...style,
      }}
    >
      {title !== undefined && (
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: token.marginXS,
            minHeight: 56,
            padding: `0 ${token.paddingLG}px`,
            borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          }}
        >
          <h2
            style={{
              flex: 1,
              margin: 0,
              fontSize: token.fontSizeLG,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {title}
          </h2>
          {extra}
        </header>
      )}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}

/** A horizontal bar of `percent` with its figure at the right, as antd's line Progress with `format`. */
export function Bar({ percent, label, name }: { percent: number; label: ReactNode /** What it measures, for a screen reader. */; name?: string }) {
  const { token } = theme.useToken();
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={name}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      style={{ display: 'flex', alignItems: 'center', gap: token.marginXS, margin: `0 0 ${token.marginXS}px` }}
    >
      <div style={{ flex: 1, height: 8, borderRadius: 100, background: token.colorFillSecondary, overflow: 'hidden' }}>
        <div style={{ width: `${value}%`, height: '100%', borderRadius: 100, background: token.colorInfo }} />
      </div>
      <span style={{ minWidth: '2em', color: token.colorText, fontSize: token.fontSize }}>{label}</span>
    </div>
  );
}

type TextProps = {
  children?: ReactNode;
  type?: 'secondary';
  strong?: boolean;
  /** One line, cut with an ellipsis (its full text as the hover title). */
  ellipsis?: boolean;
  style?: CSSProperties;
  title?: string;
};

function useTextStyle({ type, strong }: TextProps): CSSProperties {
  const { token } = theme.useToken();
  return { color: type === 'secondary' ? token.colorTextSecondary : token.colorText, fontWeight: strong ? token.fontWeightStrong : undefined };
}

/** Inline text, as antd's Typography.Text. */
export function Text(props: TextProps) {
  const base = useTextStyle(props);
  const cut: CSSProperties = props.ellipsis ? { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } : {};
  return (
    <span
      title={props.title ?? (props.ellipsis && typeof props.children === 'string' ? props.children : undefined)}
      style={{ ...base, ...cut, ...props.style }}
    >
      {props.children}
    </span>
  );
}

/** A paragraph, as antd's Typography.Paragraph; `rows` cuts it after that many lines. */
export function Paragraph({ rows, ...props }: Omit<TextProps, 'ellipsis'> & { rows?: number }) {
  const base = useTextStyle(props);
  const cut: CSSProperties = rows ? { display: '-webkit-box', WebkitLineClamp: rows, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : {};
  return <p style={{ margin: 0, ...base, ...cut, ...props.style }}>{props.children}</p>;
}

/** The page's heading, as antd's Typography.Title of level 3. */
export function Title({ children }: { children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <h1
      style={{
        margin: `0 0 ${token.marginSM}px`,
        fontSize: token.fontSizeHeading3,
        lineHeight: token.lineHeightHeading3,
        fontWeight: token.fontWeightStrong,
        color: token.colorTextHeading,
      }}
    >
      {children}
    </h1>
  );
}

/** A person's initial in a small circle, as antd's small Avatar with text. */
export function Initial({ children }: { children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: token.controlHeightSM,
        height: token.controlHeightSM,
        borderRadius: '50%',
        background: token.colorTextPlaceholder,
        color: token.colorTextLightSolid,
        fontSize: token.fontSize,
        lineHeight: 1,
        userSelect: 'none',
      }}
    >
      {children}
    </span>
  );
}
