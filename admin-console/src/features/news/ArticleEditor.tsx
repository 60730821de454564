import { Alert, FormField } from '@diaspora/ui';
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
import { ImageUploadError, useSaveArticle, type NewsArticle } from './useAdminNews';

interface ArticleEditorProps {
  /** The article being edited; none for the create form. */
  article?: NewsArticle;
  onDone: () => void;
}

/** The create-article form, and the same form in edit mode. */
export function ArticleEditor({ article, onDone }: ArticleEditorProps) {
  const { t } = useTranslation('news');
  const save = useSaveArticle();
  const [form, setForm] = useState<ArticleForm>(article ? toArticleForm(article) : EMPTY_ARTICLE);
  const [imageFile, setImageFile] = useState<File>();
  const [errors, setErrors] = useState<ArticleErrors>({});
  const [failed, setFailed] = useState<string>();
  // Set when a new article was saved but its image failed: the next save edits it.
  const [savedId, setSavedId] = useState<string>();
  const set = (changes: Partial<ArticleForm>) => setForm({ ...form, ...changes });
  const requiredError = (field: 'title' | 'content') =>
    errors[field] ? t('admin.required', { field: t(`admin.fields.${field}`) }) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateArticle(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFailed(undefined);
    save.mutate(
      { id: article?._id ?? savedId, article: toArticleRequest(form), imageFile },
      {
        onSuccess: onDone,
        onError: (error) => {
          const cause = error instanceof ImageUploadError ? error.cause : error;
          const msg = (cause as { body?: { msg?: string } }).body?.msg;
          if (error instanceof ImageUploadError) {
            setSavedId(error.article._id);
            setFailed(t('admin.imageFailed', { reason: msg ?? '' }));
          } else {
            setFailed(msg ?? t('admin.saveFailed'));
          }
        },
      },
    );
  };

  return (
    <form className="article-editor" onSubmit={submit} noValidate>
      <h3>{article ? t('admin.editTitle') : t('admin.createTitle')}</h3>
      {failed && (
        <Alert tone="error" onDismiss={() => setFailed(undefined)}>
          {failed}
        </Alert>
      )}
      <FormField label={t('admin.fields.title')} required error={requiredError('title')}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={form.title}
            maxLength={200}
            onChange={(event) => set({ title: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('admin.fields.content')} required error={requiredError('content')}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={8}
            value={form.content}
            onChange={(event) => set({ content: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('admin.fields.excerpt')} hint={t('admin.fields.excerptHint')}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            maxLength={500}
            value={form.excerpt}
            onChange={(event) => set({ excerpt: event.target.value })}
          />
        )}
      </FormField>
      <div className="article-editor__row">
        <FormField label={t('admin.fields.category')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={form.category}
              onChange={(event) => set({ category: event.target.value })}
            >
              {FORM_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('admin.fields.image')} hint={t('admin.fields.imageHint')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="url"
              value={form.image}
              placeholder="https://"
              onChange={(event) => set({ image: event.target.value })}
            />
          )}
        </FormField>
        <FormField label={t('admin.fields.imageFile')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="file"
              accept="image/*"
              onChange={(event) => setImageFile(event.target.files?.[0])}
            />
          )}
        </FormField>
      </div>
      <div className="article-editor__checks">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.featured}
            onChange={(event) => set({ featured: event.target.checked })}
          />
          {t('admin.fields.featured')}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.published}
            onChange={(event) => set({ published: event.target.checked })}
          />
          {t('admin.fields.published')}
        </label>
      </div>
      <div className="article-editor__actions">
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? t('admin.saving') : article ? t('admin.update') : t('admin.save')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          {t('admin.cancel')}
        </button>
      </div>
    </form>
  );
}
