import type { Course, CourseRequest } from '@diaspora/api-client';
import { Alert, CheckboxField, TextAreaField, TextField } from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorClose } from '../../shared/useEditorPanel';
import { CommaListRow } from './CommaListRow';
import { EditorFooter } from './EditorFooter';
import { splitList, useEditorErrors } from './editorForm';
import { useSaveCourse } from './useAdminCourses';

const TEXTS = ['name', 'description', 'duration', 'level', 'price'] as const;
type Text = (typeof TEXTS)[number];
type TextKey = Text | `${Text}Amharic`;
const REQUIRED = ['id', ...TEXTS.flatMap((text) => [text, `${text}Amharic` as const])] as const;

interface CourseForm extends Record<TextKey, string> {
  id: string;
  subjects: string;
  subjectsAmharic: string;
  sortOrder: string;
  isActive: boolean;
}

const EMPTY: CourseForm = {
  id: '',
  name: '',
  nameAmharic: '',
  description: '',
  descriptionAmharic: '',
  duration: '',
  durationAmharic: '',
  level: '',
  levelAmharic: '',
  price: '',
  priceAmharic: '',
  subjects: '',
  subjectsAmharic: '',
  sortOrder: '0',
  isActive: true,
};

const toForm = (course: Course): CourseForm => ({
  ...EMPTY,
  ...Object.fromEntries(Object.keys(EMPTY).map((key) => [key, course[key as keyof Course]])),
  subjects: course.subjects.join(', '),
  subjectsAmharic: course.subjectsAmharic.join(', '),
  sortOrder: String(course.sortOrder),
  isActive: course.isActive,
});

/** Only the request's own fields (the list's enrollmentCount is not one). */
const toRequest = (form: CourseForm): CourseRequest => ({
  ...(Object.fromEntries(
    (Object.keys(EMPTY) as Array<keyof CourseForm>).map((key) => [key, form[key]]),
  ) as unknown as CourseForm),
  subjects: splitList(form.subjects),
  subjectsAmharic: splitList(form.subjectsAmharic),
  sortOrder: Number(form.sortOrder) || 0,
});

/** Add or edit a course in both languages: price, level, subjects, offered or hidden. */
export function CourseEditor({ course, close }: { course?: Course; close: EditorClose }) {
  const { t } = useTranslation('tutorials');
  const save = useSaveCourse();
  const [form, setForm] = useState<CourseForm>(course ? toForm(course) : EMPTY);
  // The version the form was opened with (its updatedAt), kept even when the list reloads, so a
  // save over someone else's newer one is refused (EDIT_CONFLICT) instead of dropping it.
  const [version] = useState(course?.updatedAt);
  const { formRef, errors, failed, dismiss, checkRequired, showFailure } = useEditorErrors({
    required: t('admin.courses.required'),
    saveFailed: t('admin.courses.saveFailed'),
  });
  const set = (changes: Partial<CourseForm>) => setForm({ ...form, ...changes });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checkRequired(form, REQUIRED)) return;
    save.mutate(
      course
        ? { id: course.id, course: toRequest(form), updatedAt: version }
        : { course: toRequest(form) },
      { onSuccess: close.saved, onError: showFailure },
    );
  };

  const text = (key: TextKey, long = false) => {
    const props = {
      label: t(`admin.courses.fields.${key}`),
      required: true,
      error: errors[key],
      value: form[key],
      onValueChange: (value: string) => set({ [key]: value }),
    };
    return long ? <TextAreaField {...props} rows={3} /> : <TextField {...props} />;
  };

  return (
    <form ref={formRef} className="admin-editor card" onSubmit={submit} noValidate>
      <h3>{course ? t('admin.courses.editTitle') : t('admin.courses.createTitle')}</h3>
      {failed && (
        <Alert tone="error" onDismiss={dismiss}>
          {failed}
        </Alert>
      )}
      {!course && (
        <TextField
          label={t('admin.courses.fields.id')}
          hint={t('admin.courses.fields.idHint')}
          required
          error={errors.id}
          value={form.id}
          onValueChange={(id) => set({ id })}
        />
      )}
      {TEXTS.map((key) => (
        <div key={key} className="admin-editor__row">
          {text(key, key === 'description')}
          {text(`${key}Amharic`, key === 'description')}
        </div>
      ))}
      <CommaListRow
        fields={['subjects', 'subjectsAmharic'] as const}
        label={(field) => t(`admin.courses.fields.${field}`)}
        hint={t('admin.commaHint')}
        values={form}
        errors={errors}
        onChange={(field, value) => set({ [field]: value })}
      />
      <EditorFooter
        sortOrderLabel={t('admin.sortOrder')}
        sortOrder={form.sortOrder}
        sortOrderError={errors.sortOrder}
        onSortOrderChange={(sortOrder) => set({ sortOrder })}
        saveLabel={t('admin.save')}
        cancelLabel={t('admin.cancel')}
        pending={save.isPending}
        onCancel={close.cancelled}
      >
        <CheckboxField
          className="admin-editor__check"
          label={t('admin.courses.fields.isActive')}
          checked={form.isActive}
          onCheckedChange={(isActive) => set({ isActive })}
        />
      </EditorFooter>
    </form>
  );
}
