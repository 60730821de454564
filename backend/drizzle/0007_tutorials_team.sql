CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_amharic" text NOT NULL,
	"description" text NOT NULL,
	"description_amharic" text NOT NULL,
	"duration" text NOT NULL,
	"duration_amharic" text NOT NULL,
	"level" text NOT NULL,
	"level_amharic" text NOT NULL,
	"price" text NOT NULL,
	"price_amharic" text NOT NULL,
	"subjects" text[] DEFAULT '{}' NOT NULL,
	"subjects_amharic" text[] DEFAULT '{}' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"course_name" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"telephone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"position_amharic" text,
	"bio" text NOT NULL,
	"bio_amharic" text,
	"profile_image" text,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expertise" text[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_founder" boolean DEFAULT false NOT NULL,
	"is_instructor" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "courses_sort_idx" ON "courses" USING btree ("sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_open_key" ON "enrollments" USING btree ("user_id","course_id") WHERE status in ('pending', 'approved', 'enrolled');--> statement-breakpoint
CREATE INDEX "enrollments_created_at_idx" ON "enrollments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enrollments_status_idx" ON "enrollments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_course_idx" ON "enrollments" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_user_idx" ON "enrollments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "team_members_order_idx" ON "team_members" USING btree ("sort_order","name");--> statement-breakpoint
-- The six known courses (spec section 3), in English and Amharic; admins edit or hide them later.
INSERT INTO "courses" ("id", "name", "name_amharic", "description", "description_amharic", "duration", "duration_amharic", "level", "level_amharic", "price", "price_amharic", "subjects", "subjects_amharic", "sort_order") VALUES
('math-grade-5-12', 'Mathematics (Grades 5-12)', 'ሂሳብ (ከ5ኛ-12ኛ ክፍል)', 'From arithmetic to algebra, geometry and calculus readiness, with regular practice for school and national exams.', 'ከመሠረታዊ ሂሳብ እስከ አልጀብራ፣ ጂኦሜትሪ እና ለካልኩለስ ዝግጅት፣ ለትምህርት ቤት እና ለብሔራዊ ፈተናዎች መደበኛ ልምምድ ያለው።', 'Ongoing, 2 sessions a week', 'ቀጣይ፣ በሳምንት 2 ክፍለ ጊዜዎች', 'Grades 5-12', 'ከ5ኛ-12ኛ ክፍል', '$80/month', 'በወር 80 ዶላር', ARRAY['Arithmetic', 'Algebra', 'Geometry', 'Trigonometry', 'Pre-calculus'], ARRAY['መሠረታዊ ሂሳብ', 'አልጀብራ', 'ጂኦሜትሪ', 'ትሪጎኖሜትሪ', 'የካልኩለስ መግቢያ'], 1),
('english-grade-5-12', 'English (Grades 5-12)', 'እንግሊዝኛ (ከ5ኛ-12ኛ ክፍል)', 'Reading, writing, grammar and speaking for confident students, in small groups with a native-level teacher.', 'ንባብ፣ ጽሕፈት፣ ሰዋስው እና ንግግር በራስ መተማመን ላላቸው ተማሪዎች፣ በትናንሽ ቡድኖች።', 'Ongoing, 2 sessions a week', 'ቀጣይ፣ በሳምንት 2 ክፍለ ጊዜዎች', 'Grades 5-12', 'ከ5ኛ-12ኛ ክፍል', '$80/month', 'በወር 80 ዶላር', ARRAY['Reading', 'Writing', 'Grammar', 'Speaking', 'Vocabulary'], ARRAY['ንባብ', 'ጽሕፈት', 'ሰዋስው', 'ንግግር', 'የቃላት እውቀት'], 2),
('physics-grade-5-12', 'Physics (Grades 5-12)', 'ፊዚክስ (ከ5ኛ-12ኛ ክፍል)', 'Mechanics, electricity, waves and energy explained with experiments students can do at home.', 'መካኒክስ፣ ኤሌክትሪክ፣ ሞገዶች እና ኃይል ተማሪዎች በቤታቸው ሊሠሯቸው በሚችሉ ሙከራዎች የሚብራሩበት።', 'Ongoing, 1 session a week', 'ቀጣይ፣ በሳምንት 1 ክፍለ ጊዜ', 'Grades 5-12', 'ከ5ኛ-12ኛ ክፍል', '$70/month', 'በወር 70 ዶላር', ARRAY['Mechanics', 'Electricity', 'Waves', 'Energy', 'Lab skills'], ARRAY['መካኒክስ', 'ኤሌክትሪክ', 'ሞገዶች', 'ኃይል', 'የቤተ ሙከራ ክህሎት'], 3),
('electrical-engineering', 'Electrical Engineering Fundamentals', 'የኤሌክትሪካል ምሕንድስና መሠረታዊ ትምህርት', 'Circuit analysis, electronics, power systems and microcontrollers for university students and technicians.', 'የወረዳ ትንተና፣ ኤሌክትሮኒክስ፣ የኃይል ሥርዓቶች እና ማይክሮኮንትሮለሮች ለዩኒቨርሲቲ ተማሪዎች እና ለቴክኒሻኖች።', '12 weeks', '12 ሳምንታት', 'Intermediate', 'መካከለኛ', '$300', '300 ዶላር', ARRAY['Circuit analysis', 'Electronics', 'Power systems', 'Microcontrollers'], ARRAY['የወረዳ ትንተና', 'ኤሌክትሮኒክስ', 'የኃይል ሥርዓቶች', 'ማይክሮኮንትሮለሮች'], 4),
('mern-fullstack', 'Full-Stack Web Development (MERN)', 'ሙሉ የድር ልማት (MERN)', 'Build complete web applications with MongoDB, Express, React and Node.js, ending with a portfolio project.', 'በMongoDB፣ Express፣ React እና Node.js ሙሉ የድር መተግበሪያዎችን መገንባት፤ በማሳያ ፕሮጀክት ይጠናቀቃል።', '16 weeks', '16 ሳምንታት', 'Beginner to intermediate', 'ከጀማሪ እስከ መካከለኛ', '$450', '450 ዶላር', ARRAY['MongoDB', 'Express', 'React', 'Node.js', 'Git'], ARRAY['MongoDB', 'Express', 'React', 'Node.js', 'Git'], 5),
('computer-basics', 'Computer Basics', 'የኮምፒውተር መሠረታዊ ትምህርት', 'Using a computer with confidence: files, the internet, email, documents, spreadsheets and staying safe online.', 'ኮምፒውተርን በልበ ሙሉነት መጠቀም፦ ፋይሎች፣ ኢንተርኔት፣ ኢሜይል፣ ሰነዶች፣ የሠንጠረዥ ሥራ እና የኢንተርኔት ደኅንነት።', '6 weeks', '6 ሳምንታት', 'Beginner', 'ጀማሪ', '$120', '120 ዶላር', ARRAY['Using a computer', 'Internet and email', 'Word processing', 'Spreadsheets', 'Online safety'], ARRAY['ኮምፒውተር አጠቃቀም', 'ኢንተርኔት እና ኢሜይል', 'የቃላት ማቀናበሪያ', 'የሠንጠረዥ ሥራ', 'የኢንተርኔት ደኅንነት'], 6);
