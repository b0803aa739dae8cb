CREATE TABLE `idempotency_keys` (
	`id` bigint AUTO_INCREMENT NOT NULL,
	`scope` varchar(60) NOT NULL,
	`key_hash` char(64) NOT NULL,
	`request_hash` char(64) NOT NULL,
	`state` enum('in-progress','done') NOT NULL DEFAULT 'in-progress',
	`response_status` int,
	`response_body` text,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`expires_at` datetime(3) NOT NULL,
	CONSTRAINT `idempotency_keys_id` PRIMARY KEY(`id`),
	CONSTRAINT `idempotency_scope_key_uq` UNIQUE(`scope`,`key_hash`)
);
--> statement-breakpoint
CREATE TABLE `partner_api_keys` (
	`id` int AUTO_INCREMENT NOT NULL,
	`partner_id` int NOT NULL,
	`public_id` varchar(24) NOT NULL,
	`secret_hash` char(64) NOT NULL,
	`label` varchar(100) NOT NULL DEFAULT '',
	`scopes` longtext NOT NULL,
	`rate_limit_per_minute` int NOT NULL DEFAULT 120,
	`expires_at` datetime(3),
	`revoked_at` datetime(3),
	`last_used_at` datetime(3),
	`rotated_from_id` int,
	`created_by` int,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `partner_api_keys_id` PRIMARY KEY(`id`),
	CONSTRAINT `partner_api_keys_public_uq` UNIQUE(`public_id`)
);
--> statement-breakpoint
CREATE TABLE `partners` (
	`id` int AUTO_INCREMENT NOT NULL,
	`name` varchar(120) NOT NULL,
	`kind` enum('lender','referral') NOT NULL,
	`lender_id` int,
	`created_by` int,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`updated_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `partners_id` PRIMARY KEY(`id`),
	CONSTRAINT `partners_name_uq` UNIQUE(`name`)
);
--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `partner_id` int;--> statement-breakpoint
ALTER TABLE `partner_api_keys` ADD CONSTRAINT `partner_api_keys_partner_id_partners_id_fk` FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `partner_api_keys` ADD CONSTRAINT `partner_api_keys_created_by_users_id_fk` FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `partners` ADD CONSTRAINT `partners_lender_id_lenders_id_fk` FOREIGN KEY (`lender_id`) REFERENCES `lenders`(`id`) ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `partners` ADD CONSTRAINT `partners_created_by_users_id_fk` FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `idempotency_expires_idx` ON `idempotency_keys` (`expires_at`);--> statement-breakpoint
CREATE INDEX `partner_api_keys_partner_idx` ON `partner_api_keys` (`partner_id`,`id`);--> statement-breakpoint
CREATE INDEX `partners_lender_idx` ON `partners` (`lender_id`);--> statement-breakpoint
ALTER TABLE `loan_applications` ADD CONSTRAINT `loan_applications_partner_id_partners_id_fk` FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `loan_applications_partner_idx` ON `loan_applications` (`partner_id`,`id`);