-- The CMS gets its own database in the shared Postgres server.
CREATE DATABASE cms OWNER repair;
