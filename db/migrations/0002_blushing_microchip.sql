CREATE TABLE `lender_decisions` (
	`id` int AUTO_INCREMENT NOT NULL,
	`application_id` int NOT NULL,
	`lender_product_id` int NOT NULL,
	`lender_name` varchar(120) NOT NULL,
	`product_name` varchar(120) NOT NULL,
	`eligible` boolean NOT NULL,
	`reasons` longtext NOT NULL,
	`unlock` longtext NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `lender_decisions_id` PRIMARY KEY(`id`),
	CONSTRAINT `lender_decisions_app_product_uq` UNIQUE(`application_id`,`lender_product_id`)
);
--> statement-breakpoint
CREATE TABLE `lender_products` (
	`id` int AUTO_INCREMENT NOT NULL,
	`lender_id` int NOT NULL,
	`name` varchar(120) NOT NULL,
	`active` boolean NOT NULL DEFAULT true,
	`states` longtext NOT NULL,
	`purposes` longtext NOT NULL,
	`min_amount_cents` bigint NOT NULL,
	`max_amount_cents` bigint NOT NULL,
	`terms_months` longtext NOT NULL,
	`default_term_months` int NOT NULL,
	`rate_tiers` longtext NOT NULL,
	`origination_fee_bps` int NOT NULL DEFAULT 0,
	`min_annual_income_cents` bigint NOT NULL DEFAULT 0,
	`min_credit_score` int,
	`min_years_in_business` int,
	`max_payment_to_income_bps` int NOT NULL DEFAULT 2500,
	`prepayment` varchar(300) NOT NULL,
	`funding_days` int NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`updated_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `lender_products_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `lenders` (
	`id` int AUTO_INCREMENT NOT NULL,
	`name` varchar(120) NOT NULL,
	`nmls_id` varchar(20) NOT NULL,
	`website` varchar(200) NOT NULL DEFAULT '',
	`status` enum('active','paused') NOT NULL DEFAULT 'active',
	`note` varchar(500) NOT NULL DEFAULT '',
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`updated_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `lenders_id` PRIMARY KEY(`id`),
	CONSTRAINT `lenders_name_uq` UNIQUE(`name`)
);
--> statement-breakpoint
CREATE TABLE `offer_acceptances` (
	`id` int AUTO_INCREMENT NOT NULL,
	`application_id` int NOT NULL,
	`offer_id` int NOT NULL,
	`user_id` int,
	`signer_name` varchar(200) NOT NULL,
	`accepted_at` datetime(3) NOT NULL,
	`client_ip` varchar(64),
	`disclosure_sha256` char(64) NOT NULL,
	`disclosure_text` text NOT NULL,
	CONSTRAINT `offer_acceptances_id` PRIMARY KEY(`id`),
	CONSTRAINT `offer_acceptances_app_uq` UNIQUE(`application_id`),
	CONSTRAINT `offer_acceptances_offer_uq` UNIQUE(`offer_id`)
);
--> statement-breakpoint
CREATE TABLE `offers` (
	`id` int AUTO_INCREMENT NOT NULL,
	`application_id` int NOT NULL,
	`lender_product_id` int,
	`lender_id` int,
	`source` enum('match','manual') NOT NULL DEFAULT 'match',
	`status` enum('offered','accepted','withdrawn') NOT NULL DEFAULT 'offered',
	`lender_name` varchar(120) NOT NULL,
	`lender_nmls_id` varchar(20) NOT NULL,
	`product_name` varchar(120) NOT NULL,
	`amount_cents` bigint NOT NULL,
	`term_months` int NOT NULL,
	`note_rate_bps` int NOT NULL,
	`fee_cents` bigint NOT NULL,
	`funding_cents` bigint NOT NULL,
	`payment_cents` bigint NOT NULL,
	`final_payment_cents` bigint NOT NULL,
	`payment_count` int NOT NULL,
	`total_payments_cents` bigint NOT NULL,
	`finance_charge_cents` bigint NOT NULL,
	`estimated_apr_bps` int NOT NULL,
	`prepayment` varchar(300) NOT NULL,
	`funding_days` int NOT NULL,
	`expires_at` datetime(3) NOT NULL,
	`withdrawn_at` datetime(3),
	`withdrawn_reason` varchar(200),
	`created_by` int,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `offers_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `loan_applications` MODIFY COLUMN `status` enum('draft','submitted','pending','under-review','approved','rejected','offer-accepted') NOT NULL DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE `lender_decisions` ADD CONSTRAINT `lender_decisions_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `lender_decisions` ADD CONSTRAINT `lender_decisions_lender_product_id_lender_products_id_fk` FOREIGN KEY (`lender_product_id`) REFERENCES `lender_products`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `lender_products` ADD CONSTRAINT `lender_products_lender_id_lenders_id_fk` FOREIGN KEY (`lender_id`) REFERENCES `lenders`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offer_acceptances` ADD CONSTRAINT `offer_acceptances_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offer_acceptances` ADD CONSTRAINT `offer_acceptances_offer_id_offers_id_fk` FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offer_acceptances` ADD CONSTRAINT `offer_acceptances_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offers` ADD CONSTRAINT `offers_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offers` ADD CONSTRAINT `offers_lender_product_id_lender_products_id_fk` FOREIGN KEY (`lender_product_id`) REFERENCES `lender_products`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offers` ADD CONSTRAINT `offers_lender_id_lenders_id_fk` FOREIGN KEY (`lender_id`) REFERENCES `lenders`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offers` ADD CONSTRAINT `offers_created_by_users_id_fk` FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `lender_products_lender_idx` ON `lender_products` (`lender_id`);--> statement-breakpoint
CREATE INDEX `lender_products_active_idx` ON `lender_products` (`active`);--> statement-breakpoint
CREATE INDEX `lenders_status_idx` ON `lenders` (`status`);--> statement-breakpoint
CREATE INDEX `offers_application_idx` ON `offers` (`application_id`,`status`);