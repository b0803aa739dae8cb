CREATE TABLE `application_assignments` (
	`application_id` int NOT NULL,
	`assignee_user_id` int NOT NULL,
	`assigned_by` int,
	`assigned_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `application_assignments_application_id` PRIMARY KEY(`application_id`)
);
--> statement-breakpoint
CREATE TABLE `application_notes` (
	`id` bigint AUTO_INCREMENT NOT NULL,
	`application_id` int NOT NULL,
	`author_user_id` int,
	`body` text NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `application_notes_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `document_request_items` (
	`id` int AUTO_INCREMENT NOT NULL,
	`request_id` int NOT NULL,
	`document_type` enum('id-front','id-back','llc','ein','bank-statements','ssn') NOT NULL,
	`document_id` int,
	`fulfilled_at` datetime(3),
	CONSTRAINT `document_request_items_id` PRIMARY KEY(`id`),
	CONSTRAINT `document_request_items_uq` UNIQUE(`request_id`,`document_type`)
);
--> statement-breakpoint
CREATE TABLE `document_requests` (
	`id` int AUTO_INCREMENT NOT NULL,
	`application_id` int NOT NULL,
	`requested_by` int,
	`message` text NOT NULL,
	`status` enum('open','fulfilled') NOT NULL DEFAULT 'open',
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`fulfilled_at` datetime(3),
	CONSTRAINT `document_requests_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `document_reviews` (
	`document_id` int NOT NULL,
	`decision` enum('accepted','rejected') NOT NULL,
	`reason` enum('unreadable','expired','wrong-type','does-not-match','other'),
	`reason_text` varchar(500),
	`reviewed_by` int,
	`reviewed_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `document_reviews_document_id` PRIMARY KEY(`document_id`)
);
--> statement-breakpoint
ALTER TABLE `application_assignments` ADD CONSTRAINT `application_assignments_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_assignments` ADD CONSTRAINT `application_assignments_assignee_user_id_users_id_fk` FOREIGN KEY (`assignee_user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_assignments` ADD CONSTRAINT `application_assignments_assigned_by_users_id_fk` FOREIGN KEY (`assigned_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_notes` ADD CONSTRAINT `application_notes_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_notes` ADD CONSTRAINT `application_notes_author_user_id_users_id_fk` FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_request_items` ADD CONSTRAINT `document_request_items_request_id_document_requests_id_fk` FOREIGN KEY (`request_id`) REFERENCES `document_requests`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_request_items` ADD CONSTRAINT `document_request_items_document_id_documents_id_fk` FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_requests` ADD CONSTRAINT `document_requests_application_id_loan_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `loan_applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_requests` ADD CONSTRAINT `document_requests_requested_by_users_id_fk` FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_reviews` ADD CONSTRAINT `document_reviews_document_id_documents_id_fk` FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_reviews` ADD CONSTRAINT `document_reviews_reviewed_by_users_id_fk` FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `application_assignments_assignee_idx` ON `application_assignments` (`assignee_user_id`);--> statement-breakpoint
CREATE INDEX `application_notes_app_idx` ON `application_notes` (`application_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `document_requests_app_idx` ON `document_requests` (`application_id`,`status`);--> statement-breakpoint
CREATE INDEX `document_requests_status_idx` ON `document_requests` (`status`,`created_at`);