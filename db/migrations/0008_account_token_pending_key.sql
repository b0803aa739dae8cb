-- Written by hand before the generated statements: the new unique key allows one unused token per
-- account and purpose. Should an older database hold two (two links issued at the same moment),
-- all but the newest are marked used, as issuing the newer one meant to do.
UPDATE `account_tokens` `a` JOIN `account_tokens` `b` ON `b`.`user_id` = `a`.`user_id` AND `b`.`purpose` = `a`.`purpose` AND `b`.`used_at` IS NULL AND `b`.`id` > `a`.`id` SET `a`.`used_at` = UTC_TIMESTAMP(3) WHERE `a`.`used_at` IS NULL;--> statement-breakpoint
ALTER TABLE `account_tokens` ADD `pending` tinyint GENERATED ALWAYS AS (if(`used_at` is null, 1, null)) STORED;--> statement-breakpoint
ALTER TABLE `account_tokens` ADD CONSTRAINT `account_tokens_pending_uq` UNIQUE(`user_id`,`purpose`,`pending`);
