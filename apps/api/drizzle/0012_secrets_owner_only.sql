-- Secrets (token signing key, storage signing secret) are read by system work running as the
-- owner (start-up), never by requests: the app role loses the default privileges on the table.
REVOKE ALL ON TABLE "app_secrets" FROM aval_app;
