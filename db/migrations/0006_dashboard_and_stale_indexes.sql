CREATE INDEX `loan_applications_user_submitted_idx` ON `loan_applications` (`user_id`,`submitted_at`,`id`);--> statement-breakpoint
DROP INDEX `loan_applications_user_idx` ON `loan_applications`;--> statement-breakpoint
CREATE INDEX `loan_applications_status_updated_idx` ON `loan_applications` (`status`,`updated_at`);
