// Pasted, dropped or picked images go to page/uploadImg (ShowDoc's editor.md field name) and come
// back as image Markdown at the cursor. The page gets the answer's markdown_url (site-relative, or
// under the configured site URL), not ShowDoc's absolute url made from whatever address we used.
import { apiUrl } from '../../api/http';

export interface UploadImageResult {
  ok: boolean;
  url?: string;
  message?: string;
}

export async function uploadImage(file: File, itemId: number, pageId: number): Promise<UploadImageResult> {
  const form = new FormData();
  form.append('editormd-image-file', file, file.name || 'image.png');
  form.append('item_id', String(itemId));
  form.append('page_id', String(Math.max(0, pageId)));
  try {
    const res = await fetch(apiUrl('page/uploadImg'), { method: 'POST', body: form, credentials: 'same-origin' });
    const body = (await res.json()) as { success?: number | boolean; url?: string; markdown_url?: string; message?: string; error_message?: string };
    const url = body.markdown_url || body.url;
    if (Number(body.success) === 1 && url) return { ok: true, url };
    return { ok: false, message: body.message || body.error_message };
  } catch {
    return { ok: false };
  }
}

/** Markdown for an uploaded image; brackets in the name would end the alt text early. */
export function imageMarkdown(name: string, url: string): string {
  const alt = name.replace(/\.[a-z0-9]+$/i, '').replace(/[[\]]/g, '');
  return `![${alt}](${url})`;
}
