CREATE TABLE `consent_records` (
	`id` bigint AUTO_INCREMENT NOT NULL,
	`kind` enum('electronic-records','credit-authorization','sms-marketing','lender-share') NOT NULL,
	`text_version` varchar(40) NOT NULL,
	`text_sha256` char(64) NOT NULL,
	`text` text NOT NULL,
	`user_id` int,
	`application_id` int,
	`phone` varchar(32),
	`ip` varchar(64),
	`at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `consent_records_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `owner_demographics` (
	`application_id` int NOT NULL,
	`ethnicity` varchar(40) NOT NULL DEFAULT '',
	`race` varchar(60) NOT NULL DEFAULT '',
	`sex` varchar(40) NOT NULL DEFAULT '',
	`updated_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `owner_demographics_application_id` PRIMARY KEY(`application_id`)
);
--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `legal_hold_at` datetime(3);--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `legal_hold_reason` varchar(200);--> statement-breakpoint
ALTER TABLE `consent_records` ADD CONSTRAINT `consent_records_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `consent_records` ADD CONSTRAINT `consent_records_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `owner_demographics` ADD CONSTRAINT `owner_demographics_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `consent_records_user_idx` ON `consent_records` (`user_id`,`at`);--> statement-breakpoint
CREATE INDEX `consent_records_app_idx` ON `consent_records` (`application_id`);