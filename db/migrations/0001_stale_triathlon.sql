ALTER TABLE `users` ADD `mfa_failed_attempts` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `mfa_locked_at` datetime(3);--> statement-breakpoint
ALTER TABLE `users` ADD `mfa_enrol_code_hash` char(64);--> statement-breakpoint
ALTER TABLE `users` ADD `mfa_enrol_code_expires_at` datetime(3);--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` datetime(3);