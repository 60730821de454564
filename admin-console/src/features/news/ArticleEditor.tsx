import {
  Alert,
  apiErrorText,
  CheckboxField,
  FileField,
  FormActions,
  SelectField,
  TextAreaField,
  TextField,
  useFirstInvalidFocus,
} from '@diaspora/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_ARTICLE,
  FORM_CATEGORIES,
  toArticleForm,
  toArticleRequest,
  validateArticle,
  type ArticleErrors,
  type ArticleForm,
} from './articleForm';
import type { EditorClose } from '../../shared/useEditorPanel';
import { ImageUploadError, useSaveArticle, type NewsArticle } from './useAdminNews';

interface ArticleEditorProps {
  /** The article being edited; none for the create form. */
  article?: NewsArticle;
  close: EditorClose;
}

/** The create-article form, and the same form in edit mode. */
export function ArticleEditor({ article, close }: ArticleEditorProps) {
  const { t } = useTranslation('news');
  const save = useSaveArticle();
  const [form, setForm] = useState<ArticleForm>(article ? toArticleForm(article) : EMPTY_ARTICLE);
  const [imageFile, setImageFile] = useState<File>();
  const [errors, setErrors] = useState<ArticleErrors>({});
  const [failed, setFailed] = useState<string>();
  // Set when a new article was saved but its image failed: the next save edits it.
  const [savedId, setSavedId] = useState<string>();
  // The version this form last saw (its updatedAt), sent back so a save over someone else's newer
  // one is refused (EDIT_CONFLICT); moved on by this form's own save when only the image failed.
  const [version, setVersion] = useState(article?.updatedAt);
  const { form: formRef, focusFirstInvalid } = useFirstInvalidFocus();
  const set = (changes: Partial<ArticleForm>) => setForm({ ...form, ...changes });
  const requiredError = (field: 'title' | 'content') =>
    errors[field] ? t('admin.required', { field: t(`admin.fields.${field}`) }) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateArticle(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusFirstInvalid();
    setFailed(undefined);
    save.mutate(
      {
        id: article?._id ?? savedId,
        article: toArticleRequest(form),
        updatedAt: version,
        imageFile,
      },
      {
        onSuccess: close.saved,
        onError: (error) => {
          const cause = error instanceof ImageUploadError ? error.cause : error;
          if (error instanceof ImageUploadError) {
            setSavedId(error.article._id);
            setVersion(error.article.updatedAt);
            setFailed(t('admin.imageFailed', { reason: apiErrorText(cause, t, '') }));
          } else {
            setFailed(apiErrorText(cause, t, t('admin.saveFailed')));
          }
        },
      },
    );
  };

  return (
    <form ref={formRef} className="article-editor" onSubmit={submit} noValidate>
      <h3>{article ? t('admin.editTitle') : t('admin.createTitle')}</h3>
      {failed && (
        <Alert tone="error" onDismiss={() => setFailed(undefined)}>
          {failed}
        </Alert>
      )}
      <TextField
        label={t('admin.fields.title')}
        required
        error={requiredError('title')}
        value={form.title}
        maxLength={200}
        onValueChange={(title) => set({ title })}
      />
      <TextAreaField
        label={t('admin.fields.content')}
        required
        error={requiredError('content')}
        rows={8}
        value={form.content}
        onValueChange={(content) => set({ content })}
      />
      <TextAreaField
        label={t('admin.fields.excerpt')}
        hint={t('admin.fields.excerptHint')}
        rows={2}
        maxLength={500}
        value={form.excerpt}
        onValueChange={(excerpt) => set({ excerpt })}
      />
      <div className="article-editor__row">
        <SelectField
          label={t('admin.fields.category')}
          value={form.category}
          onValueChange={(category) => set({ category })}
          options={FORM_CATEGORIES}
          optionLabel={(category) => t(`categories.${category}`)}
        />
        <TextField
          label={t('admin.fields.image')}
          hint={t('admin.fields.imageHint')}
          type="url"
          value={form.image}
          placeholder="https://"
          onValueChange={(image) => set({ image })}
        />
        <FileField
          label={t('admin.fields.imageFile')}
          accept="image/*"
          onFiles={(files) => setImageFile(files[0])}
        />
      </div>
      <div className="article-editor__checks">
        <CheckboxField
          className="checkbox"
          label={t('admin.fields.featured')}
          checked={form.featured}
          onCheckedChange={(featured) => set({ featured })}
        />
        <CheckboxField
          className="checkbox"
          label={t('admin.fields.published')}
          checked={form.published}
          onCheckedChange={(published) => set({ published })}
        />
      </div>
      <FormActions
        className="article-editor__actions"
        submitLabel={
          save.isPending ? t('admin.saving') : article ? t('admin.update') : t('admin.save')
        }
        cancelLabel={t('admin.cancel')}
        pending={save.isPending}
        onCancel={close.cancelled}
      />
    </form>
  );
}
