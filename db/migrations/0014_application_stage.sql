ALTER TABLE `loan_applications` MODIFY COLUMN `status` enum('draft','submitted','pending','under-review','approved','rejected','offer-accepted','withdrawn') NOT NULL DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `stage` enum('draft','submitted','offers-ready','no-lender-match','offer-accepted','lender-verifying','funded','declined','withdrawn') DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `funded_cents` bigint;--> statement-breakpoint
ALTER TABLE `loan_applications` ADD `funded_on` varchar(10);--> statement-breakpoint
CREATE INDEX `loan_applications_stage_idx` ON `loan_applications` (`stage`,`submitted_at`);--> statement-breakpoint
-- Backfill: the stage of every existing application, from what it holds.
UPDATE `loan_applications` SET `stage` = 'declined' WHERE `status` = 'rejected';--> statement-breakpoint
UPDATE `loan_applications` a SET `stage` = 'offer-accepted' WHERE `status` IN ('offer-accepted', 'approved') AND EXISTS (SELECT 1 FROM `offer_acceptances` x WHERE x.`application_id` = a.`id`);--> statement-breakpoint
UPDATE `loan_applications` a SET `stage` = 'offers-ready' WHERE `stage` = 'draft' AND `status` <> 'draft' AND EXISTS (SELECT 1 FROM `offers` o WHERE o.`application_id` = a.`id` AND o.`status` = 'offered');--> statement-breakpoint
UPDATE `loan_applications` a SET `stage` = 'no-lender-match' WHERE `stage` = 'draft' AND `status` <> 'draft' AND EXISTS (SELECT 1 FROM `lender_decisions` d WHERE d.`application_id` = a.`id`);--> statement-breakpoint
UPDATE `loan_applications` SET `stage` = 'submitted' WHERE `stage` = 'draft' AND `status` <> 'draft';--> statement-breakpoint
-- "Approved" means an accepted offer: an approval without one goes back to review.
UPDATE `loan_applications` SET `status` = 'under-review' WHERE `status` = 'approved' AND `stage` <> 'offer-accepted';
