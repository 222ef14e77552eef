DROP TABLE merchant_balance_entries;
