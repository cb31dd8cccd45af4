// File and folder names inside export archives, as ShowDoc's FileHelper::sanitizeFilename makes
// them: characters Windows refuses become '_', runs of '_' and '.' become one '_', reserved
// device names get a '_' suffix, at most 200 characters, '未命名' when nothing is left.
// Names are made unique per folder (case-insensitively, for Windows and macOS) with _1, _2…

const RESERVED = new Set(['CON', 'PRN', 'AUX', 'NUL', ...Array.from({ length: 9 }, (_, i) => `COM${i + 1}`), ...Array.from({ length: 9 }, (_, i) => `LPT${i + 1}`)]);

export function sanitizeFileName(name: string, fallback = '未命名'): string {
  let s = name.trim().replace(/[<>:"/\\|?*\x00-\x1f]/g, '_');
  s = s.replace(/[_.]+/g, '_').replace(/^[_.]+|[_.]+$/g, '');
  if (!s) s = fallback;
  if (RESERVED.has(s.toUpperCase())) s += '_';
  return Array.from(s).slice(0, 200).join('');
}

/** Hands out unique names within folders: `take('a/b', 'Title', '.md')` → 'a/b/Title.md', then 'a/b/Title_1.md'. */
export class NameRegistry {
  private readonly taken = new Set<string>();

  take(folder: string, base: string, ext = ''): string {
    const prefix = folder ? `${folder}/` : '';
    for (let n = 0; ; n++) {
      const candidate = `${prefix}${n ? `${base}_${n}` : base}${ext}`;
      const key = candidate.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}

/**
 * A stored file's entry name: `<fileId>_<name>` cleaned as above, its extension kept (the cleaning
 * turns dots into '_'), so the file still opens by its type and an importer accepts it again.
 */
export function attachmentFileName(fileId: number, displayName: string): { base: string; ext: string } {
  const dot = displayName.lastIndexOf('.');
  const rawExt = dot > 0 ? displayName.slice(dot + 1) : '';
  const ext = /^[a-z0-9]{1,10}$/i.test(rawExt) ? `.${rawExt.toLowerCase()}` : '';
  const stem = ext ? displayName.slice(0, dot) : displayName;
  return { base: sanitizeFileName(`${fileId}_${stem}`, String(fileId)), ext };
}
