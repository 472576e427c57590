/** IndexedDB's requests and transactions as promises: the few the index needs. */

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

/** Settles when the transaction commits (or fails or is aborted). */
export function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

/** Opens `name`, creating its stores with `upgrade` when new; closes itself when another page deletes it. */
export function openDatabase(name: string, version: number, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  const req = indexedDB.open(name, version);
  req.onupgradeneeded = () => upgrade(req.result);
  return request(req).then((db) => {
    db.onversionchange = () => db.close();
    return db;
  });
}

/** The primary keys of `index`'s records under `key`, in `direction` order, read one step at a time. */
export async function* primaryKeys(index: IDBIndex, key: IDBValidKey, direction: IDBCursorDirection): AsyncGenerator<IDBValidKey> {
  const req = index.openKeyCursor(key, direction);
  let cursor = await request(req);
  while (cursor) {
    yield cursor.primaryKey;
    const next = request(req);
    cursor.continue();
    cursor = await next;
  }
}
