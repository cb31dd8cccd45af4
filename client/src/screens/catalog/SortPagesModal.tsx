import { useEffect, useState } from 'react';
import { Empty, Modal, Spin } from 'antd';
import { FileTextOutlined, HolderOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { catalogApi, pageApi, type Id } from '../../api';
import type { CatalogPage } from '@shared/api/catalog';
import { toast } from '../../ui/confirm';

/** positions 1..n in the given order (page/sort payload) */
export function pagePositions(pages: readonly { page_id: Id }[]): Record<string, number> {
  const out: Record<string, number> = {};
  pages.forEach((p, i) => (out[String(p.page_id)] = i + 1));
  return out;
}

function PageRow({ page }: { page: CatalogPage }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: String(page.page_id) });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'is-dragging' : ''}
      {...attributes}
      {...listeners}
      data-testid={`sort-page-${page.page_id}`}
    >
      <HolderOutlined style={{ color: '#a0a8ba' }} />
      <FileTextOutlined style={{ color: '#7c8db5' }} />
      <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{page.page_title}</span>
    </li>
  );
}

/** Drag the pages of one catalog (or of the item root, cat 0) into order; each drop sends positions 1..n. */
export function SortPagesModal({ open, itemId, catId, title, onClose }: { open: boolean; itemId: Id; catId: string; title: string; onClose(): void }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<CatalogPage[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const load = () => {
    setPages(null);
    catalogApi
      .pagesByCat(itemId, catId)
      .then((list) => setPages(Array.isArray(list) ? list : []))
      .catch(() => setPages([]));
  };

  useEffect(() => {
    if (open) load();
    // reload whenever the dialog opens for another catalog
  }, [open, itemId, catId]);

  const onDragEnd = async (e: DragEndEvent) => {
    if (!pages || !e.over || e.active.id === e.over.id) return;
    const from = pages.findIndex((p) => String(p.page_id) === e.active.id);
    const to = pages.findIndex((p) => String(p.page_id) === e.over!.id);
    if (from < 0 || to < 0) return;
    const next = arrayMove(pages, from, to);
    setPages(next);
    try {
      await pageApi.sort(itemId, pagePositions(next));
      toast('success', t('catalogAdmin.sorted'));
    } catch {
      load();
    }
  };

  return (
    <Modal open={open} title={title} footer={null} onCancel={onClose} destroyOnHidden>
      <p className="manage-hint">{t('catalogAdmin.sortHint')}</p>
      {pages === null ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : pages.length === 0 ? (
        <Empty description={t('catalogAdmin.noPages')} />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void onDragEnd(e)}>
          <SortableContext items={pages.map((p) => String(p.page_id))} strategy={verticalListSortingStrategy}>
            <ul className="sort-list" data-testid="sort-pages-list">
              {pages.map((p) => (
                <PageRow key={String(p.page_id)} page={p} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </Modal>
  );
}
