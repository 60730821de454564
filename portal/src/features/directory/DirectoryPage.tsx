import { useSession } from '@diaspora/session';
import {
  Alert,
  CardGrid,
  EmptyState,
  PageFrame,
  SelectField,
  Spinner,
  TabList,
  TextField,
} from '@diaspora/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './directory.css';
import { ListingCard, ListingCardSkeleton } from './ListingCard';
import { ListingFormModal } from './ListingFormModal';
import { LISTING_CATEGORIES, LISTING_TYPES } from './listingOptions';
import { MemberOnlyNotice } from './MemberOnlyNotice';
import { useListings, useMyListings } from './useDirectory';
import { DIRECTORY_TABS, useDirectoryParams, type DirectoryTab } from './useDirectoryParams';

/** The success banner stays this long (spec 9). */
export const SUBMITTED_BANNER_MS = 5000;

/** Directory list (spec 2): members get the list and their submissions; guests a notice. */
export function DirectoryPage() {
  const { t } = useTranslation('directory');
  const { user, loading } = useSession();
  const [guestMessage, setGuestMessage] = useState(false);
  const [adding, setAdding] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const { params, searchText, setSearchText, update } = useDirectoryParams();
  const member = Boolean(user);
  // Loaded on both tabs: its total is the Businesses count.
  const list = useListings(params, member);
  const mine = useMyListings(member);
  // List failures are only logged (spec 8).
  if (list.isError) console.warn('directory failed to load', list.error);
  if (mine.isError) console.warn('my listings failed to load', mine.error);

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => setSubmitted(false), SUBMITTED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [submitted]);

  const addBusiness = (
    <button
      type="button"
      className="btn"
      onClick={() => (member ? setAdding(true) : setGuestMessage(true))}
    >
      {t('addBusiness')}
    </button>
  );

  if (loading) {
    return (
      <PageFrame title={t('title')} subtitle={t('subtitle')}>
        <Spinner label={t('loading')} />
      </PageFrame>
    );
  }

  if (!member) {
    return (
      <PageFrame title={t('title')} subtitle={t('subtitle')}>
        <div className="directory-toolbar">{addBusiness}</div>
        {guestMessage && (
          <Alert tone="warning" onDismiss={() => setGuestMessage(false)}>
            {t('loginToSubmit')}
          </Alert>
        )}
        <MemberOnlyNotice
          title={t('guest.title')}
          text={t('guest.text')}
          loginLabel={t('guest.login')}
          joinLabel={t('guest.join')}
        />
      </PageFrame>
    );
  }

  const myCount = mine.data?.total ?? 0;
  const tabLabels: Record<DirectoryTab, string> = {
    all: t('tabs.all'),
    mine: t('tabs.mine', { count: myCount }),
  };
  const showing = params.tab === 'mine' ? mine : list;
  const listings = showing.data?.listings ?? [];

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <div className="directory-toolbar">
        <dl className="directory-counts">
          <div>
            <dt>{t('counts.businesses')}</dt>
            <dd data-testid="count-businesses">{list.data?.total ?? '–'}</dd>
          </div>
          <div>
            <dt>{t('counts.mine')}</dt>
            <dd data-testid="count-mine">{myCount}</dd>
          </div>
        </dl>
        {addBusiness}
      </div>
      {submitted && (
        <Alert tone="success" onDismiss={() => setSubmitted(false)}>
          {t('submitted')}
        </Alert>
      )}
      <TabList
        tabs={DIRECTORY_TABS}
        active={params.tab}
        onSelect={(tab) => update({ tab })}
        label={t('tabs.label')}
        idPrefix="directory-"
        tabLabel={(tab) => tabLabels[tab]}
        className="directory-tabs"
        tabClassName="directory-tabs__tab"
      />
      <div
        role="tabpanel"
        id={`directory-panel-${params.tab}`}
        aria-labelledby={`directory-tab-${params.tab}`}
      >
        {params.tab === 'all' && (
          <div className="directory-filters" role="search">
            <TextField
              label={t('filters.search')}
              type="search"
              value={searchText}
              placeholder={t('filters.searchPlaceholder')}
              onValueChange={setSearchText}
            />
            <SelectField
              label={t('filters.type')}
              value={params.type}
              onValueChange={(type) => update({ type })}
              emptyOption={t('filters.allTypes')}
              options={LISTING_TYPES}
              optionLabel={(type) => t(`types.${type}`)}
            />
            <SelectField
              label={t('filters.category')}
              value={params.category}
              onValueChange={(category) => update({ category })}
              emptyOption={t('filters.allCategories')}
              options={LISTING_CATEGORIES}
              optionLabel={(category) => t(`categories.${category}`)}
            />
          </div>
        )}
        <CardGrid
          className="directory-grid"
          pending={showing.isPending}
          loadingLabel={t('loading')}
          resultsLabel={t('results', {
            count: params.tab === 'all' ? (list.data?.total ?? 0) : listings.length,
          })}
          Skeleton={ListingCardSkeleton}
          items={listings}
          renderItem={(listing) => (
            <ListingCard key={listing._id} listing={listing} showStatus={params.tab === 'mine'} />
          )}
          empty={
            params.tab === 'mine' ? (
              <EmptyState title={t('emptyMine')} hint={t('emptyMineHint')} />
            ) : (
              <EmptyState title={t('empty')} hint={t('emptyHint')} />
            )
          }
          page={params.tab === 'all' ? (list.data?.page ?? params.page) : 1}
          totalPages={params.tab === 'all' ? (list.data?.totalPages ?? 1) : 1}
          onPageChange={(page) => update({ page })}
        />
      </div>
      <ListingFormModal
        open={adding}
        onClose={() => setAdding(false)}
        onSubmitted={() => {
          setAdding(false);
          setSubmitted(true);
        }}
      />
    </PageFrame>
  );
}
