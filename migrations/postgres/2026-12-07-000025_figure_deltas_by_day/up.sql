-- The figures' readers find their deltas through an index (issue 23). The fold deletes every
-- delta every 2 s and vacuums, but a vacuum can only give back the table's trailing pages while
-- no reader holds it, and dashboards are read all day: the table kept its largest size (210 MB
-- after a bench's clean-up) in empty pages that every read scanned (the admin's statistics
-- 90 ms instead of 20). Every reader names `day` (and most `status`).
CREATE INDEX parcel_figure_deltas_day ON parcel_figure_deltas (day, status);
