CREATE TABLE `lender_declines` (
	`id` int AUTO_INCREMENT NOT NULL,
	`application_id` int NOT NULL,
	`lender_id` int NOT NULL,
	`lender_name` varchar(120) NOT NULL,
	`reasons` longtext NOT NULL,
	`declined_by` int,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `lender_declines_id` PRIMARY KEY(`id`),
	CONSTRAINT `lender_declines_app_lender_uq` UNIQUE(`application_id`,`lender_id`)
);
--> statement-breakpoint
ALTER TABLE `account_tokens` MODIFY COLUMN `purpose` enum('verify-email','reset-password','change-email','undo-email-change','lender-invite') NOT NULL;--> statement-breakpoint
ALTER TABLE `offers` MODIFY COLUMN `source` enum('match','manual','lender') NOT NULL DEFAULT 'match';--> statement-breakpoint
ALTER TABLE `users` MODIFY COLUMN `role` enum('user','admin','lender') NOT NULL DEFAULT 'user';--> statement-breakpoint
ALTER TABLE `document_requests` ADD `lender_id` int;--> statement-breakpoint
ALTER TABLE `offers` ADD `lender_confirmed_at` datetime(3);--> statement-breakpoint
ALTER TABLE `offers` ADD `lender_confirmed_by` int;--> statement-breakpoint
ALTER TABLE `users` ADD `lender_id` int;--> statement-breakpoint
ALTER TABLE `lender_declines` ADD CONSTRAINT `lender_declines_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `lender_declines` ADD CONSTRAINT `lender_declines_lender_id_lenders_id_fk` FOREIGN KEY (`lender_id`) REFERENCES `lenders`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `lender_declines` ADD CONSTRAINT `lender_declines_declined_by_users_id_fk` FOREIGN KEY (`declined_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `lender_declines_lender_idx` ON `lender_declines` (`lender_id`);--> statement-breakpoint
ALTER TABLE `document_requests` ADD CONSTRAINT `document_requests_lender_id_lenders_id_fk` FOREIGN KEY (`lender_id`) REFERENCES `lenders`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offers` ADD CONSTRAINT `offers_lender_confirmed_by_users_id_fk` FOREIGN KEY (`lender_confirmed_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `users` ADD CONSTRAINT `users_lender_id_lenders_id_fk` FOREIGN KEY (`lender_id`) REFERENCES `lenders`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `offers_lender_idx` ON `offers` (`lender_id`,`application_id`);--> statement-breakpoint
CREATE INDEX `users_lender_idx` ON `users` (`lender_id`);