import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

export interface SortablePicture {
  id: number;
  url: string;
  alt: string;
}

/**
 * Pictures in their order, rearranged by dragging the handle (mouse, finger) or from the keyboard (focus the
 * handle, Space to lift, arrows to move, Space to drop, Escape to cancel; dnd-kit announces each step).
 * `onReorder` gets every id in the new order.
 */
export function SortablePictures({
  pictures,
  onReorder,
  tools,
  label,
}: {
  pictures: SortablePicture[];
  onReorder: (ids: number[]) => void;
  tools: (picture: SortablePicture, index: number) => ReactNode;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = pictures.map((p) => p.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  const position = (id: number | string) => ids.indexOf(Number(id)) + 1;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('pictures.dragHelp') },
        announcements: {
          onDragStart: ({ active }) => t('pictures.lifted', { n: position(active.id) }),
          onDragOver: ({ over }) => (over ? t('pictures.over', { n: position(over.id) }) : undefined),
          onDragEnd: ({ over }) => (over ? t('pictures.dropped', { n: position(over.id) }) : undefined),
          onDragCancel: () => t('pictures.cancelled'),
        },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ol className="adm-pictures" aria-label={label}>
          {pictures.map((picture, index) => (
            <SortableItem key={picture.id} picture={picture} index={index}>
              {tools(picture, index)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  picture,
  index,
  children,
}: {
  picture: SortablePicture;
  index: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: picture.id });
  return (
    <li
      ref={setNodeRef}
      className="adm-picture"
      data-dragging={isDragging}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <img src={picture.url} alt={picture.alt} loading="lazy" />
      <div className="adm-picture-tools">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="adm-small-btn adm-handle"
          {...attributes}
          {...listeners}
          aria-label={t('pictures.move', { n: index + 1 })}
        >
          ⠿
        </button>
        {children}
      </div>
    </li>
  );
}
