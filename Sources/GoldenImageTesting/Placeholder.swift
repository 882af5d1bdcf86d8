// Keeps the target non-empty while it is written; removed when the module has sources.
