import { App, Button, Dropdown, Tooltip } from '../app/antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@portal/ui-kit/src/frame';

interface Bookmark {
  title: string;
  url: string;
}

/** Navbar bookmarks (spec §7 /bookmarks/data and /bookmarks/update): the list, and a star for this page. */
export function Bookmarks({ currentTitle }: { currentTitle: string }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const data = useQuery({ queryKey: ['bookmarks'], queryFn: () => api<{ items: Bookmark[] }>('GET', '/bookmarks/data') });
  const save = useMutation({
    mutationFn: (items: Bookmark[]) => api<{ items: Bookmark[] }>('POST', '/bookmarks/update', { body: { items } }),
    onSuccess: (r) => qc.setQueryData(['bookmarks'], r),
    onError: (e: Error) => void message.error(e.message),
  });
  const items = data.data?.items ?? [];
  const url = location.pathname + location.search;
  const marked = items.some((b) => b.url === url);
  const toggle = () => save.mutate(marked ? items.filter((b) => b.url !== url) : [...items, { title: currentTitle || url, url }]);
  return (
    <>
      <Tooltip title={marked ? t('removeBookmark') : t('addBookmark')}>
        <Button
          type="text"
          icon={marked ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
          onClick={toggle}
          aria-label={t('addBookmark')}
          data-testid="bookmark-toggle"
        />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items: items.length
            ? items.map((b) => ({ key: b.url, label: b.title, onClick: () => navigate(b.url) }))
            : [{ key: 'none', label: t('noBookmarks'), disabled: true }],
        }}
      >
        <Button type="text" data-testid="bookmarks">
          {t('bookmarks')}
        </Button>
      </Dropdown>
    </>
  );
}
