-- The list filters (issue 18 §4): the tag filter goes from a tag to its parties.
CREATE INDEX "party_tags_tag_idx" ON "party_tags" USING btree ("tag_id");
