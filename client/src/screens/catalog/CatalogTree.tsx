import { useMemo, useState, type CSSProperties } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  FolderOutlined,
  HolderOutlined,
  ImportOutlined,
  MoreOutlined,
  OrderedListOutlined,
} from '@ant-design/icons';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { MAX_DEPTH, descendantIds, projectDrop, type FlatCat, type Projection } from './tree';

export type CatalogAction = 'edit' | 'addSub' | 'sortPages' | 'copy' | 'import' | 'delete';

const INDENT = 28;

interface RowProps {
  cat: FlatCat;
  depth: number;
  narrow: boolean;
  onAction(a: CatalogAction, c: FlatCat): void;
  disabled: boolean;
}

function SortableRow(props: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.cat.id,
    disabled: props.disabled,
  });
  return (
    <RowBody
      {...props}
      rowRef={setNodeRef}
      handleRef={setActivatorNodeRef}
      handleProps={{ ...attributes, ...listeners }}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'is-dragging' : ''}
    />
  );
}

function RowBody({
  cat,
  depth,
  narrow,
  onAction,
  disabled,
  rowRef,
  handleRef,
  handleProps,
  style,
  className = '',
  overlay = false,
}: RowProps & {
  rowRef?: (el: HTMLElement | null) => void;
  handleRef?: (el: HTMLElement | null) => void;
  handleProps?: object;
  style?: CSSProperties;
  className?: string;
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  const canAddSub = cat.depth < MAX_DEPTH;
  const more: MenuProps['items'] = [
    { key: 'edit', icon: <EditOutlined />, label: t('catalogAdmin.edit') },
    { key: 'addSub', icon: <FolderAddOutlined />, label: t('catalogAdmin.addSub'), disabled: !canAddSub },
    { key: 'sortPages', icon: <OrderedListOutlined />, label: t('catalogAdmin.sortPages') },
    { key: 'copy', icon: <CopyOutlined />, label: t('catalogAdmin.copyMove') },
    { key: 'import', icon: <ImportOutlined />, label: t('imports.importHere') },
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined />, label: t('catalogAdmin.delete'), danger: true },
  ];
  return (
    <div
      ref={rowRef}
      style={{ ...style, paddingLeft: 8 + depth * (narrow ? 16 : INDENT) }}
      className={`cat-row ${className}${overlay ? ' is-overlay' : ''}`}
      data-testid={overlay ? undefined : `cat-row-${cat.id}`}
      data-depth={depth}
    >
      <span
        className="cat-handle"
        ref={handleRef}
        {...handleProps}
        aria-label={t('catalogAdmin.dragHandle')}
        data-testid={overlay ? undefined : `cat-handle-${cat.id}`}
      >
        <HolderOutlined />
      </span>
      <FolderOutlined style={{ color: '#7c8db5' }} />
      <span className="cat-name" title={cat.name}>
        {cat.name}
      </span>
      <span className="cat-level">{t('catalogAdmin.levelN', { n: depth + 1 })}</span>
      {!overlay && (
        <span className="cat-actions">
          {narrow ? (
            <Dropdown disabled={disabled} trigger={['click']} menu={{ items: more, onClick: ({ key }) => onAction(key as CatalogAction, cat) }}>
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('catalogAdmin.actions')} data-testid={`cat-more-${cat.id}`} />
            </Dropdown>
          ) : (
            <>
              <Tooltip title={t('catalogAdmin.edit')}>
                <Button type="text" size="small" icon={<EditOutlined />} onClick={() => onAction('edit', cat)} data-testid={`cat-edit-${cat.id}`} aria-label={t('catalogAdmin.edit')} />
              </Tooltip>
              <Tooltip title={t('catalogAdmin.addSub')}>
                <Button type="text" size="small" icon={<FolderAddOutlined />} disabled={!canAddSub} onClick={() => onAction('addSub', cat)} data-testid={`cat-addsub-${cat.id}`} aria-label={t('catalogAdmin.addSub')} />
              </Tooltip>
              <Tooltip title={t('catalogAdmin.sortPages')}>
                <Button type="text" size="small" icon={<OrderedListOutlined />} onClick={() => onAction('sortPages', cat)} data-testid={`cat-sort-${cat.id}`} aria-label={t('catalogAdmin.sortPages')} />
              </Tooltip>
              <Tooltip title={t('catalogAdmin.copyMove')}>
                <Button type="text" size="small" icon={<CopyOutlined />} onClick={() => onAction('copy', cat)} data-testid={`cat-copy-${cat.id}`} aria-label={t('catalogAdmin.copyMove')} />
              </Tooltip>
              <Tooltip title={t('imports.importHere')}>
                <Button type="text" size="small" icon={<ImportOutlined />} onClick={() => onAction('import', cat)} data-testid={`cat-import-${cat.id}`} aria-label={t('imports.importHere')} />
              </Tooltip>
              <Tooltip title={t('catalogAdmin.delete')}>
                <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => onAction('delete', cat)} data-testid={`cat-delete-${cat.id}`} aria-label={t('catalogAdmin.delete')} />
              </Tooltip>
            </>
          )}
        </span>
      )}
    </div>
  );
}

/**
 * The catalog tree as a sortable list: drag a row up/down to reorder, right/left to nest or
 * un-nest (three levels at most, the sub-tree moves along). onDrop gets the projected place.
 */
export function CatalogTree({
  flat,
  narrow,
  busy,
  onAction,
  onDrop,
}: {
  flat: FlatCat[];
  narrow: boolean;
  busy: boolean;
  onAction(a: CatalogAction, c: FlatCat): void;
  onDrop(activeId: string, overId: string, p: Projection): void;
}) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const [offsetX, setOffsetX] = useState(0);
  const indent = narrow ? 16 : INDENT;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const visible = useMemo(() => {
    if (!activeId) return flat;
    const hidden = descendantIds(flat, activeId);
    return flat.filter((f) => !hidden.has(f.id));
  }, [flat, activeId]);

  const projection = activeId && overId ? projectDrop(flat, activeId, overId, offsetX / indent) : null;
  const active = activeId ? flat.find((f) => f.id === activeId) : undefined;

  const reset = () => {
    setActiveId(null);
    setOverId(null);
    setOffsetX(0);
  };

  const onDragEnd = (e: DragEndEvent) => {
    const a = String(e.active.id);
    const o = e.over ? String(e.over.id) : null;
    const p = o ? projectDrop(flat, a, o, e.delta.x / indent) : null;
    reset();
    if (!o || !p) return;
    const before = flat.find((f) => f.id === a);
    if (a === o && before && before.depth === p.depth && before.parentId === p.parentId) return;
    onDrop(a, o, p);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={(e: DragStartEvent) => {
        setActiveId(String(e.active.id));
        setOverId(String(e.active.id));
      }}
      onDragMove={(e: DragMoveEvent) => setOffsetX(e.delta.x)}
      onDragOver={(e: DragOverEvent) => setOverId(e.over ? String(e.over.id) : null)}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
    >
      <SortableContext items={visible.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <div className="cat-tree" data-testid="catalog-tree" aria-busy={busy}>
          {visible.map((f) => (
            <SortableRow
              key={f.id}
              cat={f}
              depth={f.id === activeId && projection ? projection.depth : f.depth}
              narrow={narrow}
              onAction={onAction}
              disabled={busy}
            />
          ))}
        </div>
      </SortableContext>
      <DragOverlay dropAnimation={null}>
        {active ? <RowBody cat={active} depth={projection?.depth ?? active.depth} narrow={narrow} onAction={() => {}} overlay disabled /> : null}
      </DragOverlay>
    </DndContext>
  );
}
