DROP TABLE unapplied_outcomes;
