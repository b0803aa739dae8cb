CREATE TABLE `application_drafts` (
	`id` int AUTO_INCREMENT NOT NULL,
	`user_id` int,
	`data` longtext NOT NULL,
	`loan_application_id` int,
	`submitted_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`updated_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `application_drafts_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `application_events` (
	`id` int AUTO_INCREMENT NOT NULL,
	`application_id` int NOT NULL,
	`actor_user_id` int,
	`type` varchar(40) NOT NULL,
	`from_status` varchar(20),
	`to_status` varchar(20),
	`note` text,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `application_events_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` bigint AUTO_INCREMENT NOT NULL,
	`at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`actor_user_id` int,
	`action` varchar(60) NOT NULL,
	`target_type` varchar(40),
	`target_id` varchar(40),
	`outcome` varchar(20) NOT NULL DEFAULT 'success',
	`ip` varchar(64),
	`details` varchar(500),
	CONSTRAINT `audit_log_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` int AUTO_INCREMENT NOT NULL,
	`application_id` int NOT NULL,
	`document_type` enum('id-front','id-back','llc','ein','bank-statements','ssn') NOT NULL,
	`file_name` varchar(255) NOT NULL,
	`file_size` int NOT NULL,
	`content_type` varchar(100) NOT NULL,
	`storage_key` varchar(64) NOT NULL,
	`wrapped_key` varchar(255) NOT NULL,
	`key_id` varchar(32) NOT NULL,
	`uploaded_by` int,
	`uploaded_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `documents_id` PRIMARY KEY(`id`),
	CONSTRAINT `documents_storage_key_uq` UNIQUE(`storage_key`)
);
--> statement-breakpoint
CREATE TABLE `loan_applications` (
	`id` int AUTO_INCREMENT NOT NULL,
	`application_id` varchar(20) NOT NULL,
	`user_id` int NOT NULL,
	`draft_id` int,
	`amount` decimal(12,2) NOT NULL DEFAULT '0',
	`purpose` enum('startup-capital','business-expansion','working-capital','equipment-financing','inventory-financing','commercial-real-estate','other') NOT NULL DEFAULT 'startup-capital',
	`annual_income` decimal(14,2) NOT NULL DEFAULT '0',
	`living_situation` enum('rent','mortgage','own') NOT NULL DEFAULT 'own',
	`monthly_payment` decimal(12,2) NOT NULL DEFAULT '0',
	`street_address` varchar(200) NOT NULL DEFAULT '',
	`city` varchar(100) NOT NULL DEFAULT '',
	`state` varchar(2) NOT NULL DEFAULT '',
	`zip_code` varchar(10) NOT NULL DEFAULT '',
	`status` enum('draft','submitted','pending','under-review','approved','rejected') NOT NULL DEFAULT 'draft',
	`consent_marketing` boolean NOT NULL DEFAULT false,
	`consented_at` datetime(3),
	`submitted_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`updated_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `loan_applications_id` PRIMARY KEY(`id`),
	CONSTRAINT `loan_applications_ref_uq` UNIQUE(`application_id`),
	CONSTRAINT `loan_applications_draft_uq` UNIQUE(`draft_id`)
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` int AUTO_INCREMENT NOT NULL,
	`to_email` varchar(254) NOT NULL,
	`subject` varchar(255) NOT NULL,
	`body_text` text NOT NULL,
	`kind` varchar(40) NOT NULL,
	`status` enum('pending','sent','failed') NOT NULL DEFAULT 'pending',
	`attempts` int NOT NULL DEFAULT 0,
	`next_attempt_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`locked_by` varchar(64),
	`locked_until` datetime(3),
	`last_error` varchar(500),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`sent_at` datetime(3),
	CONSTRAINT `outbox_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`bucket` varchar(191) NOT NULL,
	`window_start` datetime(3) NOT NULL,
	`hits` int NOT NULL DEFAULT 0,
	CONSTRAINT `rate_limits_bucket` PRIMARY KEY(`bucket`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` char(64) NOT NULL,
	`user_id` int,
	`data` longtext NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`last_seen_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`expires_at` datetime(3) NOT NULL,
	CONSTRAINT `sessions_id_hash` PRIMARY KEY(`id_hash`)
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` int AUTO_INCREMENT NOT NULL,
	`email` varchar(254) NOT NULL,
	`password_hash` varchar(255) NOT NULL,
	`first_name` varchar(100) NOT NULL,
	`last_name` varchar(100) NOT NULL,
	`phone` varchar(32) NOT NULL DEFAULT '',
	`date_of_birth` date,
	`role` enum('user','admin') NOT NULL DEFAULT 'user',
	`mfa_secret` varchar(255),
	`mfa_enabled_at` datetime(3),
	`mfa_last_step` bigint,
	`mfa_recovery_codes` longtext,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`updated_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `users_id` PRIMARY KEY(`id`),
	CONSTRAINT `users_email_uq` UNIQUE(`email`)
);
--> statement-breakpoint
ALTER TABLE `application_drafts` ADD CONSTRAINT `application_drafts_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_drafts` ADD CONSTRAINT `application_drafts_loan_application_id_loan_applications_id_fk` FOREIGN KEY (`loan_application_id`) REFERENCES `loan_applications`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_events` ADD CONSTRAINT `application_events_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_events` ADD CONSTRAINT `application_events_actor_user_id_users_id_fk` FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `documents` ADD CONSTRAINT `documents_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `documents` ADD CONSTRAINT `documents_uploaded_by_users_id_fk` FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD CONSTRAINT `loan_applications_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `sessions` ADD CONSTRAINT `sessions_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `drafts_user_idx` ON `application_drafts` (`user_id`);--> statement-breakpoint
CREATE INDEX `drafts_updated_idx` ON `application_drafts` (`updated_at`);--> statement-breakpoint
CREATE INDEX `application_events_app_idx` ON `application_events` (`application_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_target_idx` ON `audit_log` (`target_type`,`target_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_actor_idx` ON `audit_log` (`actor_user_id`,`at`);--> statement-breakpoint
CREATE INDEX `documents_application_idx` ON `documents` (`application_id`);--> statement-breakpoint
CREATE INDEX `documents_uploaded_idx` ON `documents` (`uploaded_at`);--> statement-breakpoint
CREATE INDEX `loan_applications_user_idx` ON `loan_applications` (`user_id`);--> statement-breakpoint
CREATE INDEX `loan_applications_status_submitted_idx` ON `loan_applications` (`status`,`submitted_at`,`id`);--> statement-breakpoint
CREATE INDEX `loan_applications_submitted_idx` ON `loan_applications` (`submitted_at`,`id`);--> statement-breakpoint
CREATE INDEX `loan_applications_purpose_idx` ON `loan_applications` (`purpose`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_start`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);