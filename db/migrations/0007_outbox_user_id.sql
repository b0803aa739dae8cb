ALTER TABLE `outbox` ADD `user_id` int;--> statement-breakpoint
ALTER TABLE `outbox` ADD CONSTRAINT `outbox_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `outbox_user_idx` ON `outbox` (`user_id`,`id`);