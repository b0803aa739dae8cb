ALTER TABLE `loan_applications` ADD `business_name` varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `ein` varchar(9) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `industry` enum('','retail','restaurant-food','construction','professional-services','healthcare','transportation','manufacturing','technology','other') DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `time_in_business` enum('','under-1','1-2','2-5','5-plus') DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `monthly_revenue` decimal(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `credit_score_range` enum('','under-580','580-669','670-739','740-799','800-plus') DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `lender_share_consent_at` datetime(3);--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `lender_share_consent_version` varchar(40);--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `lender_share_consent_sha256` char(64);