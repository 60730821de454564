import type { TeamEducation, TeamMember, TeamMemberRequest } from '@diaspora/api-client';
import {
  Alert,
  apiErrorText,
  CheckboxField,
  FileField,
  MediaImage,
  TextAreaField,
  TextField,
} from '@diaspora/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorClose } from '../../shared/useEditorPanel';
import { useFocusRecovery } from '../../shared/useFocusRecovery';
import { CommaListRow } from './CommaListRow';
import { EditorFooter } from './EditorFooter';
import { splitList, useEditorErrors } from './editorForm';
import { PhotoUploadError, useSaveTeamMember } from './useAdminTeam';

const TEXTS = ['name', 'position', 'positionAmharic', 'bio', 'bioAmharic'] as const;
const REQUIRED = ['name', 'position', 'bio'] as const;
const LINKS = ['linkedin', 'email', 'website'] as const;

type EducationForm = Omit<TeamEducation, 'year'> & { year: string };

interface TeamForm extends Record<(typeof TEXTS)[number] | (typeof LINKS)[number], string> {
  expertise: string;
  languages: string;
  sortOrder: string;
  isFounder: boolean;
  isInstructor: boolean;
  education: EducationForm[];
}

const EMPTY_EDUCATION: EducationForm = {
  degree: '',
  field: '',
  institution: '',
  year: '',
  isTopUniversity: false,
};

function toForm(member?: TeamMember): TeamForm {
  return {
    name: member?.name ?? '',
    position: member?.position ?? '',
    positionAmharic: member?.positionAmharic ?? '',
    bio: member?.bio ?? '',
    bioAmharic: member?.bioAmharic ?? '',
    linkedin: member?.socialLinks.linkedin ?? '',
    email: member?.socialLinks.email ?? '',
    website: member?.socialLinks.website ?? '',
    expertise: member?.expertise.join(', ') ?? '',
    languages: member?.languages.join(', ') ?? '',
    sortOrder: String(member?.sortOrder ?? 0),
    isFounder: member?.isFounder ?? false,
    isInstructor: member?.isInstructor ?? true,
    education: (member?.education ?? []).map((entry) => ({
      ...entry,
      year: entry.year ? String(entry.year) : '',
    })),
  };
}

const toRequest = (form: TeamForm): TeamMemberRequest => ({
  name: form.name,
  position: form.position,
  positionAmharic: form.positionAmharic,
  bio: form.bio,
  bioAmharic: form.bioAmharic,
  socialLinks: { linkedin: form.linkedin, email: form.email, website: form.website },
  expertise: splitList(form.expertise),
  languages: splitList(form.languages),
  sortOrder: Number(form.sortOrder) || 0,
  isFounder: form.isFounder,
  isInstructor: form.isInstructor,
  education: form.education.map((entry) => ({
    ...entry,
    year: entry.year.trim() ? Number(entry.year) : null,
  })),
});

/** Add or edit a team member: texts in both languages, education, tags, links and a photo. */
export function TeamMemberEditor({ member, close }: { member?: TeamMember; close: EditorClose }) {
  const { t } = useTranslation('team');
  const save = useSaveTeamMember();
  const [form, setForm] = useState<TeamForm>(() => toForm(member));
  const [photo, setPhoto] = useState<File>();
  const { formRef, errors, failed, dismiss, checkRequired, showFailure, setFailed } =
    useEditorErrors({
      required: t('admin.required'),
      saveFailed: t('admin.saveFailed'),
    });
  // Set when a new member was saved but the photo failed: the next save edits it.
  const [savedId, setSavedId] = useState<string>();
  // The version this form last saw (its updatedAt), sent back so a save over someone else's newer
  // one is refused (EDIT_CONFLICT); moved on by this form's own save when only the photo failed.
  const [version, setVersion] = useState(member?.updatedAt);
  const set = (changes: Partial<TeamForm>) => setForm({ ...form, ...changes });
  const educationId = useId();
  const addEducation = useRef<HTMLButtonElement>(null);
  // A removed entry's Remove hands the focus on to the entry at its place, or to Add education.
  const educationList = useRef<HTMLDivElement>(null);
  useFocusRecovery(educationList, () => addEducation.current);
  const setEducation = (index: number, changes: Partial<EducationForm>) =>
    set({
      education: form.education.map((entry, at) =>
        at === index ? { ...entry, ...changes } : entry,
      ),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checkRequired(form, REQUIRED)) return;
    save.mutate(
      { id: member?._id ?? savedId, member: toRequest(form), updatedAt: version, photo },
      {
        onSuccess: close.saved,
        onError: (error) => {
          if (error instanceof PhotoUploadError) {
            setSavedId(error.member._id);
            setVersion(error.member.updatedAt);
            setFailed(t('admin.photoFailed', { reason: apiErrorText(error.cause, t, '') }));
            return;
          }
          showFailure(error);
        },
      },
    );
  };

  return (
    <form ref={formRef} className="admin-editor card" onSubmit={submit} noValidate>
      <h3>{member ? t('admin.editTitle') : t('admin.createTitle')}</h3>
      {failed && (
        <Alert tone="error" onDismiss={dismiss}>
          {failed}
        </Alert>
      )}
      {TEXTS.map((key) => {
        const props = {
          label: t(`admin.fields.${key}`),
          required: (REQUIRED as readonly string[]).includes(key),
          error: errors[key],
          value: form[key],
          onValueChange: (value: string) => set({ [key]: value }),
        };
        return key.startsWith('bio') ? (
          <TextAreaField key={key} {...props} rows={3} />
        ) : (
          <TextField key={key} {...props} />
        );
      })}
      <CommaListRow
        fields={['expertise', 'languages'] as const}
        label={(field) => t(`admin.fields.${field}`)}
        hint={t('admin.commaHint')}
        values={form}
        errors={errors}
        onChange={(field, value) => set({ [field]: value })}
      />
      <fieldset className="admin-editor__fieldset">
        <legend>{t('education')}</legend>
        <div ref={educationList}>
          {form.education.map((entry, index) => (
            <div key={index} className="admin-editor__education">
              <div className="admin-editor__row">
                {(['degree', 'field', 'institution', 'year'] as const).map((key) => (
                  <TextField
                    key={key}
                    label={t(`admin.fields.${key}`)}
                    type={key === 'year' ? 'number' : 'text'}
                    required={key !== 'year'}
                    error={errors[`education.${index}.${key}`]}
                    value={entry[key]}
                    onValueChange={(value) => setEducation(index, { [key]: value })}
                  />
                ))}
              </div>
              <CheckboxField
                className="admin-editor__check"
                label={t('topUniversity')}
                checked={entry.isTopUniversity}
                onCheckedChange={(isTopUniversity) => setEducation(index, { isTopUniversity })}
              />
              {/* Named with its place ("Remove education 2"): every entry has one. */}
              <span id={`${educationId}-${index}`} className="visually-hidden">
                {t('admin.educationNumber', { number: index + 1 })}
              </span>
              <button
                type="button"
                id={`${educationId}-${index}-remove`}
                aria-labelledby={`${educationId}-${index}-remove ${educationId}-${index}`}
                className="btn btn--secondary"
                onClick={() => set({ education: form.education.filter((_, at) => at !== index) })}
              >
                {t('admin.removeEducation')}
              </button>
            </div>
          ))}
        </div>
        <button
          ref={addEducation}
          type="button"
          className="btn btn--secondary"
          onClick={() => set({ education: [...form.education, EMPTY_EDUCATION] })}
        >
          {t('admin.addEducation')}
        </button>
      </fieldset>
      <div className="admin-editor__row">
        {LINKS.map((key) => (
          <TextField
            key={key}
            label={t(`links.${key}`)}
            type={key === 'email' ? 'email' : 'url'}
            placeholder={key === 'email' ? undefined : 'https://'}
            error={errors[`socialLinks.${key}`]}
            value={form[key]}
            onValueChange={(value) => set({ [key]: value })}
          />
        ))}
      </div>
      {member?.profileImage && (
        // The uploaded photo, loaded from the API's origin wherever the console runs.
        <MediaImage
          className="admin-editor__photo"
          src={member.profileImage}
          alt={t('admin.currentPhoto', { name: member.name })}
        />
      )}
      <FileField
        label={t('admin.fields.photo')}
        hint={t('admin.fields.photoHint')}
        accept="image/*"
        onFiles={(files) => setPhoto(files[0])}
      />
      <EditorFooter
        sortOrderLabel={t('admin.fields.sortOrder')}
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
          label={t('admin.fields.isFounder')}
          checked={form.isFounder}
          onCheckedChange={(isFounder) => set({ isFounder })}
        />
        <CheckboxField
          className="admin-editor__check"
          label={t('admin.fields.isInstructor')}
          checked={form.isInstructor}
          onCheckedChange={(isInstructor) => set({ isInstructor })}
        />
      </EditorFooter>
    </form>
  );
}
