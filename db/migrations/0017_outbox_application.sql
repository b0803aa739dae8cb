ALTER TABLE `outbox` ADD `application_id` int;--> statement-breakpoint
ALTER TABLE `outbox` ADD CONSTRAINT `outbox_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `outbox_application_idx` ON `outbox` (`application_id`,`id`);