import type { Course } from '@diaspora/api-client';

/** A course's texts in the reader's language (spec: course texts have Amharic variants). */
export function courseText(course: Course, language: string) {
  const amharic = language === 'am';
  return {
    name: amharic ? course.nameAmharic : course.name,
    description: amharic ? course.descriptionAmharic : course.description,
    duration: amharic ? course.durationAmharic : course.duration,
    level: amharic ? course.levelAmharic : course.level,
    price: amharic ? course.priceAmharic : course.price,
    subjects: amharic && course.subjectsAmharic.length ? course.subjectsAmharic : course.subjects,
  };
}
