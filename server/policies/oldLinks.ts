// Old ShowDoc file links (/Public/Uploads/<day>/<name>) are answered with a redirect to the file's
// visitFile URL, to anyone: the redirect only turns a path into a sign, and visitFile decides who
// may download the file (policies/files.ts). What is decided here is which paths are looked up
// at all: relative paths inside the uploads folder, never one that climbs out of it or names
// another root (`..`, `\`, a leading `/`, a drive letter) — those answer 404 without a lookup.
const MAX_PATH_CHARS = 255;

export function mayLookUpOldUploadPath(uploadPath: string): boolean {
  if (!uploadPath || uploadPath.length > MAX_PATH_CHARS) return false;
  if (/[\\\0]/.test(uploadPath) || uploadPath.startsWith('/') || /^[A-Za-z]:/.test(uploadPath)) return false;
  return uploadPath.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
