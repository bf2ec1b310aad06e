"""The store's Alembic migrations (run by :meth:`studpoker.store.Store.migrate`)."""
