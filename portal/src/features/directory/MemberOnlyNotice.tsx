import { Link } from 'react-router';

interface MemberOnlyNoticeProps {
  title: string;
  text: string;
  loginLabel: string;
  joinLabel: string;
}

/** What guests see instead of the directory: log in (/login) or join (/register). */
export function MemberOnlyNotice({ title, text, loginLabel, joinLabel }: MemberOnlyNoticeProps) {
  return (
    <section className="member-only card" aria-labelledby="member-only-title">
      <h2 id="member-only-title">{title}</h2>
      <p>{text}</p>
      <div className="member-only__actions">
        <Link className="btn" to="/login">
          {loginLabel}
        </Link>
        <Link className="btn btn--secondary" to="/register">
          {joinLabel}
        </Link>
      </div>
    </section>
  );
}
