-- The name a person gives a suite (the kept scenarios of one application, by the origin they
-- run at); a suite without a row here is named by its origin.
CREATE TABLE suite_names (
    origin TEXT PRIMARY KEY,
    name   TEXT NOT NULL
);
