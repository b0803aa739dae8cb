ALTER TABLE `offer_acceptances` ADD `language` enum('en','es') DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `summary_presentations` ADD `language` enum('en','es') DEFAULT 'en' NOT NULL;