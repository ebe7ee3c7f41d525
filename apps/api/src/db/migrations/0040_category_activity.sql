-- Back-office II (issue 22): staff deactivate a category; buyers no longer see it nor its
-- subcategories (its products stay findable by search and in their other categories).
ALTER TABLE "categories" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;
