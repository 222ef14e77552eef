DROP TABLE webhook_delivery_attempts;
