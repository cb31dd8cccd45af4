import { useCallback, useState } from 'react';

// one choice for every item, kept across visits (a reader who hides the tree wants it hidden)
const KEY = 'quire.catalogCollapsed';

function stored(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the reader hid the catalog tree beside the page; remembered in this browser. */
export function useCatalogCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(stored);
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      try {
        window.localStorage.setItem(KEY, was ? '0' : '1');
      } catch {
        // storage refused (private mode): the choice lasts for this page only
      }
      return !was;
    });
  }, []);
  return [collapsed, toggle];
}
