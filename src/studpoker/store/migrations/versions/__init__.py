"""One file per revision of the store's schema, oldest first."""
