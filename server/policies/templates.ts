// Templates: only their owner may share them or see where they are shared; a template shared
// with an item is offered to whoever may edit the item (requireEdit, decided per item).
export function ownsTemplate(user: { uid: number }, template: { uid: number } | undefined): boolean {
  return !!template && template.uid === user.uid;
}
