CREATE TABLE `summary_presentations` (
	`id` int AUTO_INCREMENT NOT NULL,
	`offer_id` int NOT NULL,
	`application_id` int NOT NULL,
	`user_id` int,
	`spec` varchar(10) NOT NULL,
	`text_sha256` char(64) NOT NULL,
	`via` varchar(20) NOT NULL,
	`ip` varchar(64),
	`presented_at` datetime(3) NOT NULL,
	CONSTRAINT `summary_presentations_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `lender_products` ADD `collateral` varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `lender_products` ADD `avoidable_fees` varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `naics_code` varchar(6) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `number_of_workers` enum('','0','1-4','5-9','10-19','20-49','50-99','100-249','250-499','500-plus') DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `offers` ADD `collateral` varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `offers` ADD `avoidable_fees` varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `attachments` mediumtext;--> statement-breakpoint
ALTER TABLE `owner_demographics` ADD `minority_owned` varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `owner_demographics` ADD `women_owned` varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `owner_demographics` ADD `lgbtqi_owned` varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `summary_presentations` ADD CONSTRAINT `summary_presentations_offer_id_offers_id_fk` FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `summary_presentations` ADD CONSTRAINT `summary_presentations_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `summary_presentations` ADD CONSTRAINT `summary_presentations_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `summary_presentations_offer_idx` ON `summary_presentations` (`offer_id`,`presented_at`);--> statement-breakpoint
CREATE INDEX `summary_presentations_app_idx` ON `summary_presentations` (`application_id`);